import { isUuid, isWholeFrom } from '../core/checks.js'
import { defaultBackendTimeoutMs } from '../core/hostBackend.js'
import { isSecureUrl } from '../core/secureUrl.js'
import {
  type CreateAccountAnswer,
  type CreateAccountRequest,
  type RecoveryStartAnswer,
  type RecoveryStartRequest,
  recoverySessionSeconds,
  type SendEmailCodeAnswer,
  type SendEmailCodeRequest,
  type VerifyEmailCodeAnswer,
  type VerifyEmailCodeRequest,
} from '../turnkey/hostBackendContract.js'
import { InvalidPasskeyWalletParameterError } from './errors.js'
import type { SocialLogin } from './socialLogin.js'

/*
 * passkeyWallet()'s options: their types, which the shell imports as types
 * only, and their checks and defaults, which load with the code that uses
 * them (the runtime, the recovery), never with the shell.
 */

export type PasskeyWalletParameters = {
  /** The host's parent organization at the vendor. */
  organizationId: string
  /** The vendor's API; its production URL by default. */
  apiBaseUrl?: string | undefined
  /** Relying-party id of the passkeys: the page's hostname by default. */
  rpId?: string | undefined
  /** Shown by the passkey prompt; the rp id by default. */
  rpName?: string | undefined
  /**
   * The host backend's sign-up call: creates the user's sub-organization
   * (with the parent API key, which stays on the server) holding this passkey
   * and an Ethereum wallet. Resolves to `{ subOrganizationId }`, or to the
   * `fetch` Response carrying it; anything else fails sign-up with a
   * `HostBackendError` before any vendor request. Required unless
   * `authProxy` is set (then sign-up goes to the proxy's `signup`).
   * `signal` aborts at `backendTimeoutMs`: pass it to your `fetch`.
   */
  createAccount?:
    | ((
        request: CreateAccountRequest,
        options: { signal: AbortSignal },
      ) => Promise<CreateAccountAnswer | Response>)
    | undefined
  /**
   * The host backend's email-code calls, for a sign-up with an email: `send`
   * asks the backend to email a one-time code (its `send-email-code` route),
   * `verify` hands it the code the user typed (`verify-email-code`) and gets
   * the vendor's proof back. Resolve to the JSON answered or to the `fetch`
   * Response. Not needed with `authProxy` (the proxy sends and checks codes).
   * Without either, a sign-up cannot keep an email (docs/passkey.md).
   */
  emailCode?:
    | {
        send: (
          request: SendEmailCodeRequest,
          options: { signal: AbortSignal },
        ) => Promise<SendEmailCodeAnswer | Response>
        verify: (
          request: VerifyEmailCodeRequest,
          options: { signal: AbortSignal },
        ) => Promise<VerifyEmailCodeAnswer | Response>
      }
    | undefined
  /**
   * The vendor's hosted Auth Proxy, for a host with no backend: sign-up
   * (`signup`) and email-code recovery (`otp_init` … `otp_login`) go to it
   * with the config id, and it signs with its own key of the parent
   * organization for the origins the config allows. `createAccount` and
   * `recovery.start`, when given, still win.
   */
  authProxy?:
    | {
        /** The Auth Proxy config id from the vendor's dashboard (a UUID): `X-Auth-Proxy-Config-Id`. */
        configId: string
        /** The proxy; `https://authproxy.turnkey.com` by default. */
        url?: string | undefined
        /** How long one proxy request may take: 1000 to 60000 ms, default 10000. */
        timeoutMs?: number | undefined
      }
    | undefined
  /**
   * After log-in or sign-up, a session key issued under the vendor session
   * profile `profileId` signs what the profile's scope allows, without a
   * prompt, until it expires (default 900 s); the passkey signs the rest.
   * Without `profileId`, or with `false`, there is no session key: every
   * signature asks the passkey. `unscopedRootKey: true` asks for a key
   * without a profile, which can do anything the passkey can, export and
   * new keys included, until it expires. More than a day (86400 s, up to 7
   * days) needs `allowLong: true`.
   */
  session?:
    | {
        /**
         * The vendor session profile the key is issued under (a UUID, made
         * once with `createPasskeyBackend(…).createSessionProfile()`): the
         * vendor then lets the key sign only what the profile's scope allows,
         * and the passkey is asked for the rest, one request at a time.
         */
        profileId?: string | undefined
        /**
         * Without `profileId`: a session key all the same, with the passkey's
         * whole authority (a page script holding it can add its own key and
         * export the wallet) until it expires. Off by default.
         */
        unscopedRootKey?: boolean | undefined
        expirationSeconds?: number | undefined
        /** Accept a session longer than a day (up to 604800 s). */
        allowLong?: boolean | undefined
        /**
         * A log-in ends the user's earlier session keys at the vendor (other
         * tabs and devices then ask for the passkey once): `true` by default.
         */
        endOthersOnLogIn?: boolean | undefined
      }
    | false
    | undefined
  /**
   * Recovery by emailed code. `start` calls the host backend, which asks the
   * vendor with the parent API key (`email_auth` for type `email`,
   * `init_user_email_recovery` for type `passkey`) to email a code encrypted
   * to `targetPublicKey`, and answers `{ accepted: true }` whatever the
   * email. Resolve to that object or to the `fetch` Response; a rejection,
   * a non-2xx Response or another answer is a `HostBackendError`.
   */
  recovery?:
    | {
        /** Required unless `authProxy` is set (then the proxy emails the code). */
        start?:
          | ((
              request: RecoveryStartRequest,
              options: { signal: AbortSignal },
            ) => Promise<RecoveryStartAnswer | Response>)
          | undefined
        /** How long an email recovery session may sign: 60 to 1800 s, default 1800. */
        sessionExpirationSeconds?: number | undefined
        /**
         * The isolated frame the code is encrypted to, decrypted in and
         * stamped by, so the page never holds its key: the vendor's hosted
         * `https://auth.turnkey.com` by default, or a self-hosted copy of
         * `wagmi-connector-pack/export-frame.html` (it speaks both).
         */
        frameUrl?: string | undefined
      }
    | undefined
  /**
   * The page that decrypts and shows exported secrets, on another origin than
   * the host: the vendor's hosted frame by default, or a self-hosted copy of
   * `wagmi-connector-pack/export-frame.html`.
   */
  exportFrameUrl?: string | undefined
  /**
   * How long one request to the vendor's API may take, its answer read:
   * 1000 to 60000 ms, default 10000. Then it is cancelled and rejects with
   * `VendorTimeoutError`.
   */
  vendorTimeoutMs?: number | undefined
  /**
   * How long one call to your backend (`createAccount`, `emailCode.send` and
   * `.verify`, `recovery.start`, `oidc.logIn`) may take, its Response's body read: 1000 to
   * 120000 ms, default 30000. Then its `signal` aborts and it rejects with
   * `HostBackendTimeoutError`.
   */
  backendTimeoutMs?: number | undefined
  /**
   * How long the recovery and export frames may take to load and to answer
   * each message: 1000 to 60000 ms, default 10000.
   */
  frameTimeoutMs?: number | undefined
  /**
   * Which `wallet_sendCalls` batches (wagmi's `useSendCalls`) the wallet asks
   * your Gas Station at the vendor to pay for: `false` (the default) none,
   * the user's account pays; `true` every batch; `{ chainIds }` those on
   * these chains. What the wallet asks, not a control: what binds is the
   * vendor's gas usage config (whether sponsorship is enabled, and each
   * user's limit) and a session profile's `sessionScope({ sponsor: false })`
   * (docs/calls.md). A sponsored batch the vendor refuses (sponsorship off,
   * its limit reached) fails with `SponsorshipRefusedError`: it is never sent
   * again at the user's cost.
   */
  sponsorship?: Sponsorship | undefined
  /**
   * Sign-up, log-in and recovery with OIDC providers ("Continue with
   * Google"): `socialLogin({ providers })` from
   * `wagmi-connector-pack/social-login`, then `connect({ oidc: { provider }
   * })` with one of them. Its sign-in code loads with the wallet's; its
   * options are checked when a person picks a provider (a bad one rejects
   * that connect() with InvalidPasskeyWalletParameterError) and when
   * `getRecovery()` loads. Needs a session profile (`session.profileId`):
   * the provider's log-in signs with a session key. See
   * docs/social-login.md.
   */
  oidc?: SocialLogin | undefined
}

/** `passkeyWallet({ sponsorship })`: every batch, none, or those on some chains. */
export type Sponsorship = boolean | { chainIds: readonly number[] }

export type PasskeyWalletConnectParameters = {
  chainId?: number | undefined
  isReconnecting?: boolean | undefined
  withCapabilities?: boolean | undefined
  /**
   * Create a new passkey and account instead of logging in with an existing
   * passkey. An `email` (the account's recovery address) must have been
   * confirmed first on this page: `sendEmailCode(email)`, then
   * `confirmEmailCode(code)`; otherwise `EmailNotVerifiedError`, before any prompt.
   */
  signUp?: { userName: string; email?: string | undefined } | undefined
  /**
   * Sign in with a provider of `passkeyWallet({ oidc: socialLogin(…) })`
   * instead of a passkey: its sign-in opens in a window (a redirect where
   * the browser blocks it), and the account it opens is connected; a
   * provider account without one gets a new account, whose user is named
   * `userName` (`'Wallet user'` by default). Not with `signUp`.
   */
  oidc?: { provider: string; userName?: string | undefined } | undefined
}

const defaultApiBaseUrl = 'https://api.turnkey.com'
const defaultAuthProxyUrl = 'https://authproxy.turnkey.com'
const defaultAuthProxyTimeoutMs = 10_000
const defaultVendorTimeoutMs = 10_000
const defaultFrameTimeoutMs = 10_000
// Messages used more than once (a minifier does not share string literals).
const httpsUrl = 'an https:// URL (http:// only on localhost or 127.0.0.1)'
const callsBackend =
  'a function that calls your backend (or `authProxy: { configId }`, to use the vendor’s Auth Proxy)'
/** What `oidc` must be, also named when a connect asks for a provider without it. */
export const socialLoginOption =
  '`socialLogin({ providers })` from wagmi-connector-pack/social-login'
/** What `emailCode` must be, also named when a sign-up email has no way to be verified. */
export const emailCodeCalls =
  '`{ send, verify }`: functions that call your backend’s send-email-code and verify-email-code routes (or `authProxy: { configId }`)'
const defaultSessionSeconds = 900
// The vendor's hosted frame that decrypts credential bundles (recovery codes).
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
  if (typeof apiBaseUrl !== 'string' || !isSecureUrl(apiBaseUrl))
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
  const unscopedRootKey =
    session === false ? false : (session.unscopedRootKey ?? false)
  if (typeof unscopedRootKey !== 'boolean')
    throw invalid('session.unscopedRootKey', 'true or false')
  if (unscopedRootKey && session !== false && session.profileId !== undefined)
    throw invalid(
      'session.unscopedRootKey',
      'no `profileId` beside it: a key under a profile is not a root key',
    )
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
    !isWholeFrom(recoverySeconds, 60, recoverySessionSeconds)
  )
    throw invalid(
      'recovery.sessionExpirationSeconds',
      `whole seconds from 60 to ${recoverySessionSeconds}`,
    )
  const recoveryFrameUrl = recovery?.frameUrl ?? defaultRecoveryFrameUrl
  if (!isSecureUrl(recoveryFrameUrl))
    throw invalid('recovery.frameUrl', httpsUrl)
  const exportFrameUrl = parameters.exportFrameUrl ?? defaultExportFrameUrl
  if (!isSecureUrl(exportFrameUrl)) throw invalid('exportFrameUrl', httpsUrl)
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
  const { oidc } = parameters
  if (
    oidc !== undefined &&
    (['hasAnswer', 'signIns', 'links', 'recovery'] as const).some(
      (member) => typeof oidc?.[member] !== 'function',
    )
  )
    throw invalid('oidc', socialLoginOption)
  const sponsorship = parameters.sponsorship ?? false
  if (
    typeof sponsorship !== 'boolean' &&
    !(
      Array.isArray(sponsorship?.chainIds) &&
      sponsorship.chainIds.length > 0 &&
      sponsorship.chainIds.every((id) => Number.isSafeInteger(id) && id > 0)
    )
  )
    throw invalid(
      'sponsorship',
      'true, false, or { chainIds } listing one or more chain ids',
    )
  return {
    sponsorship,
    vendorTimeoutMs,
    backendTimeoutMs,
    frameTimeoutMs,
    apiBaseUrl: apiBaseUrl.replace(/\/+$/, ''),
    // A session key exists only under a profile, or as a root key asked for
    // by name; its length is checked either way, so that a typo is reported.
    sessionSeconds:
      sessionProfileId !== undefined || unscopedRootKey
        ? sessionSeconds
        : undefined,
    sessionProfileId,
    endOthersOnLogIn,
    exportFrameUrl,
    recoveryFrameUrl,
    authProxy,
    oidc,
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
  if (typeof url !== 'string' || !isSecureUrl(url))
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

/** A relying-party id is `localhost` or a hostname (no scheme, port, IP address or trailing dot). */
export function isValidRpId(value: unknown): value is string {
  if (typeof value !== 'string') return false
  if (value === 'localhost') return true
  if (value.length > 253 || /^\d+(\.\d+){3}$/.test(value)) return false
  const labels = value.split('.')
  return (
    labels.length >= 2 &&
    labels.every((label) => /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i.test(label)) &&
    /[a-z]/i.test(labels.at(-1)!)
  )
}
