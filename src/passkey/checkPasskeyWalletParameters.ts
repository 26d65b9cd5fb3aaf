import { isUuid, isWholeFrom } from '../core/checks.js'
import { defaultBackendTimeoutMs } from '../core/hostBackend.js'
import { isAllowedFrameUrl } from '../export/isAllowedFrameUrl.js'
import { defaultRecoverySessionSeconds } from '../recovery/recoveryState.js'
import { InvalidPasskeyWalletParameterError } from './InvalidPasskeyWalletParameterError.js'
import { isValidRpId } from './isValidRpId.js'
import type { PasskeyWalletParameters } from './passkeyWallet.js'

const defaultApiBaseUrl = 'https://api.turnkey.com'
const defaultAuthProxyUrl = 'https://authproxy.turnkey.com'
const defaultAuthProxyTimeoutMs = 10_000
const defaultVendorTimeoutMs = 10_000
const defaultFrameTimeoutMs = 10_000
// Messages used more than once (a minifier does not share string literals).
const httpsUrl = 'an https:// URL (http:// only on localhost or 127.0.0.1)'
const callsBackend =
  'a function that calls your backend (or `authProxy: { configId }`, to use the vendor’s Auth Proxy)'
/** What `emailCode` must be, also named when a sign-up email has no way to be verified. */
export const emailCodeCalls =
  '`{ send, verify }`: functions that call your backend’s send-email-code and verify-email-code routes (or `authProxy: { configId }`)'
const defaultSessionSeconds = 900
// The vendor's hosted frame for credential bundles (notes §6).
const defaultRecoveryFrameUrl = 'https://auth.turnkey.com'
/** The vendor's hosted export frame; it trusts only the vendor's production enclave key. */
export const defaultExportFrameUrl = 'https://export.turnkey.com'
// The session key signs anything the passkey can: a long one is the host's explicit choice.
const longestSessionSecondsByDefault = 86_400
const longestSessionSeconds = 604_800

/**
 * passkeyWallet()'s options, checked, with their defaults. Loaded with the
 * code that uses them (the runtime, the recovery), so the host's first load
 * carries no checks: a bad option rejects connect() (and getRecovery(),
 * getExport()) with InvalidPasskeyWalletParameterError naming it, and never
 * throws while the host's config is created.
 */
export function checkPasskeyWalletParameters(
  parameters: PasskeyWalletParameters,
) {
  const invalid = (name: string, expected: string) =>
    new InvalidPasskeyWalletParameterError(name, expected)
  if (!isUuid(parameters?.organizationId))
    throw invalid('organizationId', 'the vendor organization id, a UUID')
  const apiBaseUrl = parameters.apiBaseUrl ?? defaultApiBaseUrl
  // Every vendor URL as the frames' are: plain http only on this machine.
  if (typeof apiBaseUrl !== 'string' || !isAllowedFrameUrl(apiBaseUrl))
    throw invalid('apiBaseUrl', httpsUrl)
  if (parameters.rpId !== undefined && !isValidRpId(parameters.rpId))
    throw invalid('rpId', 'a hostname such as "example.com", or "localhost"')
  const authProxy = checkAuthProxy(parameters.authProxy)
  if (
    parameters.createAccount !== undefined
      ? typeof parameters.createAccount !== 'function'
      : !authProxy
  )
    throw invalid('createAccount', callsBackend)
  const session = parameters.session ?? {}
  const sessionSeconds =
    session === false
      ? undefined
      : (session.expirationSeconds ?? defaultSessionSeconds)
  const longest =
    session !== false && session.allowLong === true
      ? longestSessionSeconds
      : longestSessionSecondsByDefault
  if (sessionSeconds !== undefined && !isWholeFrom(sessionSeconds, 30, longest))
    throw invalid(
      'session.expirationSeconds',
      longest === longestSessionSeconds
        ? `whole seconds from 30 to ${longestSessionSeconds} (7 days), or \`session: false\``
        : `whole seconds from 30 to ${longestSessionSecondsByDefault} (a day; up to ${longestSessionSeconds} with \`allowLong: true\`), or \`session: false\``,
    )
  const endOthersOnLogIn =
    session === false ? false : (session.endOthersOnLogIn ?? true)
  if (typeof endOthersOnLogIn !== 'boolean')
    throw invalid('session.endOthersOnLogIn', 'true or false')
  const sessionProfileId = session === false ? undefined : session.profileId
  if (sessionProfileId !== undefined && !isUuid(sessionProfileId))
    throw invalid(
      'session.profileId',
      "the vendor session profile's id, a UUID (createSessionProfile answers it)",
    )
  const { recovery } = parameters
  if (
    recovery !== undefined &&
    (recovery?.start !== undefined || !authProxy) &&
    typeof recovery?.start !== 'function'
  )
    throw invalid('recovery.start', callsBackend)
  const { emailCode } = parameters
  if (
    emailCode !== undefined &&
    (typeof emailCode?.send !== 'function' ||
      typeof emailCode.verify !== 'function')
  )
    throw invalid('emailCode', emailCodeCalls)
  const recoverySeconds = recovery?.sessionExpirationSeconds
  if (
    recoverySeconds !== undefined &&
    !isWholeFrom(recoverySeconds, 60, defaultRecoverySessionSeconds)
  )
    throw invalid(
      'recovery.sessionExpirationSeconds',
      `whole seconds from 60 to ${defaultRecoverySessionSeconds}`,
    )
  const recoveryFrameUrl = recovery?.frameUrl ?? defaultRecoveryFrameUrl
  if (!isAllowedFrameUrl(recoveryFrameUrl))
    throw invalid('recovery.frameUrl', httpsUrl)
  const exportFrameUrl = parameters.exportFrameUrl ?? defaultExportFrameUrl
  if (!isAllowedFrameUrl(exportFrameUrl))
    throw invalid('exportFrameUrl', httpsUrl)
  const vendorTimeoutMs = parameters.vendorTimeoutMs ?? defaultVendorTimeoutMs
  if (!isWholeFrom(vendorTimeoutMs, 1000, 60_000))
    throw invalid('vendorTimeoutMs', 'whole milliseconds from 1000 to 60000')
  const backendTimeoutMs =
    parameters.backendTimeoutMs ?? defaultBackendTimeoutMs
  if (!isWholeFrom(backendTimeoutMs, 1000, 120_000))
    throw invalid('backendTimeoutMs', 'whole milliseconds from 1000 to 120000')
  const frameTimeoutMs = parameters.frameTimeoutMs ?? defaultFrameTimeoutMs
  if (!isWholeFrom(frameTimeoutMs, 1000, 60_000))
    throw invalid('frameTimeoutMs', 'whole milliseconds from 1000 to 60000')
  return {
    vendorTimeoutMs,
    backendTimeoutMs,
    frameTimeoutMs,
    apiBaseUrl: apiBaseUrl.replace(/\/+$/, ''),
    sessionSeconds,
    sessionProfileId,
    endOthersOnLogIn,
    exportFrameUrl,
    recoveryFrameUrl,
    authProxy,
  }
}

/** The checked Auth Proxy options, with defaults; `undefined` without the option. */
function checkAuthProxy(options: PasskeyWalletParameters['authProxy']) {
  if (options === undefined) return undefined
  const invalid = (name: string, expected: string) =>
    new InvalidPasskeyWalletParameterError(`authProxy.${name}`, expected)
  if (typeof options !== 'object' || options === null)
    throw new InvalidPasskeyWalletParameterError(
      'authProxy',
      '`{ configId, url?, timeoutMs? }`',
    )
  if (!isUuid(options.configId))
    throw invalid('configId', 'the Auth Proxy config id, a UUID')
  const url = options.url ?? defaultAuthProxyUrl
  if (typeof url !== 'string' || !isAllowedFrameUrl(url))
    throw invalid('url', `${httpsUrl}, such as ${defaultAuthProxyUrl}`)
  const timeoutMs = options.timeoutMs ?? defaultAuthProxyTimeoutMs
  if (!isWholeFrom(timeoutMs, 1000, 60_000))
    throw invalid('timeoutMs', 'whole milliseconds from 1000 to 60000')
  return {
    configId: options.configId,
    url: url.replace(/\/+$/, ''),
    timeoutMs,
  }
}
