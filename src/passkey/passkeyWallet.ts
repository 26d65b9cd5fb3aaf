import { createConnector } from '@wagmi/core'
import type { Address, EIP1193Parameters } from 'viem'
import { createConnectorStorage } from '../core/createConnectorStorage.js'
import { createListeners } from '../core/createListeners.js'
import { defaultChainIdBeforeConnecting } from '../core/defaultChainIdBeforeConnecting.js'
import { SessionNotFoundError } from '../core/errors/SessionNotFoundError.js'
import { isUuid } from '../core/isUuid.js'
import { withTimeout } from '../core/withTimeout.js'
import type { ExportFlow } from '../export/createExportFlow.js'
import { defaultExportFrameUrl } from '../export/defaultExportFrameUrl.js'
import { isAllowedFrameUrl } from '../export/isAllowedFrameUrl.js'
import type {
  RecoveryFlow,
  RecoveryStartAnswer,
  RecoveryStartRequest,
} from '../recovery/createRecoveryFlow.js'
import { defaultRecoverySessionSeconds } from '../recovery/defaultRecoverySessionSeconds.js'
import type { VendorAttestation } from '../turnkey/VendorAttestation.js'
import type { PasskeyRuntime } from './createPasskeyRuntime.js'
import { InvalidPasskeyWalletParameterError } from './InvalidPasskeyWalletParameterError.js'
import { isValidRpId } from './isValidRpId.js'

export type CreateAccountRequest = {
  userName: string
  email?: string | undefined
  /** base64url challenge the passkey was created with. */
  challenge: string
  attestation: VendorAttestation
}

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
   */
  createAccount?:
    | ((
        request: CreateAccountRequest,
      ) => Promise<{ subOrganizationId: string } | Response>)
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
   * After log-in or sign-up, a session key signs without prompting until it
   * expires (default 900 s); then the passkey is asked again. `false`: every
   * signature needs the passkey. The session key can do anything the passkey
   * can, export included, until it expires: more than a day (86400 s, up to
   * 7 days) needs `allowLong: true`.
   */
  session?:
    | {
        expirationSeconds?: number | undefined
        /** Accept a session longer than a day (up to 604800 s). */
        allowLong?: boolean | undefined
      }
    | false
    | undefined
  /**
   * Recovery by emailed code. `start` calls the host backend, which asks the
   * vendor with the parent API key (`email_auth` for type `email`,
   * `init_user_email_recovery` for type `passkey`) to email a code encrypted
   * to `targetPublicKey`, and answers `{ userId, organizationId }` (made-up
   * ids for an unknown email). Resolve to that object or to the `fetch`
   * Response; a rejection or a non-2xx Response is a `HostBackendError`.
   */
  recovery?:
    | {
        /** Required unless `authProxy` is set (then the proxy emails the code). */
        start?:
          | ((
              request: RecoveryStartRequest,
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
}

export type PasskeyWalletConnectParameters = {
  chainId?: number | undefined
  isReconnecting?: boolean | undefined
  withCapabilities?: boolean | undefined
  /** Create a new passkey and account instead of logging in with an existing passkey. */
  signUp?: { userName: string; email?: string | undefined } | undefined
}

/** The EIP-1193 provider of the passkey wallet (stable for the connector's life). */
export type PasskeyProvider = {
  request(args: EIP1193Parameters): Promise<any>
  on(event: string, listener: (...args: any[]) => void): void
  removeListener(event: string, listener: (...args: any[]) => void): void
}

const defaultApiBaseUrl = 'https://api.turnkey.com'
const defaultAuthProxyUrl = 'https://authproxy.turnkey.com'
const defaultAuthProxyTimeoutMs = 10_000
// Messages used more than once (a minifier does not share string literals).
const httpsUrl = 'an https:// URL (http:// only on localhost or 127.0.0.1)'
const callsBackend =
  'a function that calls your backend (or `authProxy: { configId }`, to use the vendor’s Auth Proxy)'
const runtimeLoadTimeoutMs = 10_000
const defaultSessionSeconds = 900
// The vendor's hosted frame for credential bundles (notes §6).
const defaultRecoveryFrameUrl = 'https://auth.turnkey.com'
// The session key signs anything the passkey can: a long one is the host's explicit choice.
const longestSessionSecondsByDefault = 86_400
const longestSessionSeconds = 604_800

function validate(parameters: PasskeyWalletParameters) {
  const invalid = (name: string, expected: string) =>
    new InvalidPasskeyWalletParameterError(name, expected)
  if (!isUuid(parameters?.organizationId))
    throw invalid('organizationId', 'the vendor organization id, a UUID')
  const apiBaseUrl = parameters.apiBaseUrl ?? defaultApiBaseUrl
  if (!/^https?:\/\/[^/]+/.test(apiBaseUrl))
    throw invalid('apiBaseUrl', 'an http(s) URL')
  if (parameters.rpId !== undefined && !isValidRpId(parameters.rpId))
    throw invalid('rpId', 'a hostname such as "example.com", or "localhost"')
  const authProxy = validateAuthProxy(parameters.authProxy)
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
  if (
    sessionSeconds !== undefined &&
    !(
      Number.isInteger(sessionSeconds) &&
      sessionSeconds >= 30 &&
      sessionSeconds <= longest
    )
  )
    throw invalid(
      'session.expirationSeconds',
      longest === longestSessionSeconds
        ? `whole seconds from 30 to ${longestSessionSeconds} (7 days), or \`session: false\``
        : `whole seconds from 30 to ${longestSessionSecondsByDefault} (a day; up to ${longestSessionSeconds} with \`allowLong: true\`), or \`session: false\``,
    )
  const { recovery } = parameters
  if (
    recovery !== undefined &&
    (recovery?.start !== undefined || !authProxy) &&
    typeof recovery?.start !== 'function'
  )
    throw invalid('recovery.start', callsBackend)
  const recoverySeconds = recovery?.sessionExpirationSeconds
  if (
    recoverySeconds !== undefined &&
    !(
      Number.isInteger(recoverySeconds) &&
      recoverySeconds >= 60 &&
      recoverySeconds <= defaultRecoverySessionSeconds
    )
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
  return {
    apiBaseUrl: apiBaseUrl.replace(/\/+$/, ''),
    sessionSeconds,
    exportFrameUrl,
    recoveryFrameUrl,
    authProxy,
  }
}

/** The checked Auth Proxy options, with defaults; `undefined` without the option. */
function validateAuthProxy(options: PasskeyWalletParameters['authProxy']) {
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
  if (
    !(Number.isInteger(timeoutMs) && timeoutMs >= 1000 && timeoutMs <= 60_000)
  )
    throw invalid('timeoutMs', 'whole milliseconds from 1000 to 60000')
  return {
    configId: options.configId,
    url: url.replace(/\/+$/, ''),
    timeoutMs,
  }
}

/** The Auth Proxy options as the runtime and the recovery use them. */
export type AuthProxyOptions = NonNullable<ReturnType<typeof validateAuthProxy>>

passkeyWallet.type = 'passkeyWallet' as const

/**
 * An embedded wallet whose keys the vendor holds and whose every signature
 * the user authorises with a passkey (or, for a while, a session key).
 * Its ceremonies, vendor client and signing load on first use.
 *
 * @example
 * passkeyWallet({ organizationId, createAccount: (request) => fetch('/api/create-account', …) })
 */
export function passkeyWallet(parameters: PasskeyWalletParameters) {
  const {
    apiBaseUrl,
    sessionSeconds,
    exportFrameUrl,
    recoveryFrameUrl,
    authProxy,
  } = validate(parameters)
  type Properties = {
    /** The recovery flow (see `RecoveryFlow`); loads its code on first call. */
    getRecovery(): Promise<RecoveryFlow>
    /** The export flow of the connected wallet; loads its code on first call. */
    getExport(): Promise<ExportFlow>
    connect<withCapabilities extends boolean = false>(
      parameters?: PasskeyWalletConnectParameters & {
        withCapabilities?: withCapabilities | boolean
      },
    ): Promise<{
      accounts: withCapabilities extends true
        ? readonly { address: Address; capabilities: Record<string, unknown> }[]
        : readonly Address[]
      chainId: number
    }>
  }

  return createConnector<PasskeyProvider, Properties>((config) => {
    const storage = createConnectorStorage({
      storage: config.storage,
      key: 'passkeyWallet',
      chainIds: config.chains.map((chain) => chain.id),
      isSessionTopic: isUuid,
    })
    const listeners = createListeners()
    // Without wagmi storage nothing survives a reload, the session key included.
    const sessionStoreKey = config.storage
      ? `${config.storage.key}.passkeyWallet`
      : undefined
    let runtime: Promise<PasskeyRuntime> | undefined
    // The wallet's chain changes (a switch, also one asked through the provider) reach wagmi here.
    const onChainChanged = (chain: string | number) =>
      config.emitter.emit('change', { chainId: Number(chain) })
    const load = () => {
      runtime ??= import('./createPasskeyRuntime.js').then(
        ({ createPasskeyRuntime }) =>
          createPasskeyRuntime({
            parameters,
            apiBaseUrl,
            authProxy,
            sessionSeconds,
            chains: config.chains,
            transports: config.transports,
            storage,
            sessionStoreKey,
            onChainChanged,
            emit: listeners.emit,
          }),
      )
      // A failed download (offline, a new deploy) is tried again next time.
      runtime.catch(() => {
        runtime = undefined
      })
      return runtime
    }
    let recovery: Promise<RecoveryFlow> | undefined
    let exportFlow: Promise<ExportFlow> | undefined
    /** What disconnecting removes; works even when the runtime never loaded. */
    async function forget() {
      if (runtime) (await runtime.catch(() => undefined))?.forget()
      // A finished recovery ends with the session it opened: the next one starts afresh.
      const flow = recovery && (await recovery.catch(() => undefined))
      if (flow?.getSnapshot().step === 'passkey-created') await flow.reset()
      // An export on screen belongs to the account that is leaving.
      if (exportFlow) (await exportFlow.catch(() => undefined))?.close()
      await Promise.all([
        storage.clear(),
        sessionStoreKey &&
          import('./sessionKeyStore.js').then(({ sessionKeyStore }) =>
            sessionKeyStore.delete(sessionStoreKey),
          ),
      ])
    }
    const provider: PasskeyProvider = {
      request: async (args) => (await load()).request(args),
      on: listeners.on,
      removeListener: listeners.removeListener,
    }

    return {
      id: 'passkeyWallet',
      name: 'Passkey',
      type: passkeyWallet.type,
      getRecovery() {
        const options = parameters.recovery
        if (!options?.start && !authProxy)
          return import('../recovery/RecoveryNotConfiguredError.js').then(
            ({ RecoveryNotConfiguredError }) => {
              throw new RecoveryNotConfiguredError()
            },
          )
        recovery ??= import('./createPasskeyRecovery.js').then(
          ({ createPasskeyRecovery }) =>
            createPasskeyRecovery({
              parameters,
              recovery: options ?? {},
              authProxy,
              frameUrl: recoveryFrameUrl,
              apiBaseUrl,
              storage: config.storage,
              storageKey: 'passkeyWallet',
            }),
        )
        recovery.catch(() => {
          recovery = undefined
        })
        return recovery
      },
      getExport() {
        exportFlow ??= Promise.all([
          load(),
          import('../export/createExportFlow.js'),
        ]).then(([loaded, { createExportFlow }]) =>
          createExportFlow({
            frameUrl: exportFrameUrl,
            ...loaded.exportAccess(),
          }),
        )
        exportFlow.catch(() => {
          exportFlow = undefined
        })
        return exportFlow
      },
      async setup() {
        // In the browser, fetch the runtime while idle: a tap on "connect"
        // must reach the passkey prompt with few awaits (iOS drops the gesture).
        if (typeof window === 'undefined') return
        const idle = window.requestIdleCallback ?? ((run) => setTimeout(run, 1))
        idle(() => void load().catch(() => undefined))
      },
      async connect(connectParameters = {}) {
        const { withCapabilities, ...rest } =
          connectParameters as PasskeyWalletConnectParameters
        const userName = rest.signUp?.userName
        if (
          rest.signUp !== undefined &&
          (typeof userName !== 'string' || userName.trim() === '')
        )
          throw new InvalidPasskeyWalletParameterError(
            'signUp.userName',
            'a non-empty name for the new passkey',
          )
        // Reconnect must end: a download that hangs counts as no session.
        const ready = rest.isReconnecting
          ? withTimeout(
              load(),
              runtimeLoadTimeoutMs,
              () => new SessionNotFoundError(),
            )
          : load()
        const { address, chainId } = await (await ready).connect(rest)
        return {
          accounts: (withCapabilities
            ? [{ address, capabilities: {} }]
            : [address]) as never,
          chainId,
        }
      },
      async disconnect() {
        await forget()
        listeners.emit('disconnect')
      },
      async getAccounts() {
        if (runtime) return (await runtime).accounts()
        const stored = await storage.get('activeAccount')
        return stored ? [stored] : []
      },
      async getChainId() {
        return runtime
          ? (await runtime).chainId()
          : ((await storage.get('chainId')) ?? defaultChainIdBeforeConnecting)
      },
      async getProvider() {
        return provider
      },
      async isAuthorized() {
        // Stored public data only: no code loaded, no request, no prompt.
        try {
          const [address, organizationId] = await Promise.all([
            storage.get('activeAccount'),
            storage.get('sessionTopic'),
          ])
          return Boolean(address && organizationId)
        } catch {
          return false
        }
      },
      async switchChain({ chainId }) {
        // The runtime refuses a chain the config lacks (ChainNotConfiguredError).
        return (await load()).switchChain(chainId)
      },
      onChainChanged,
      // Required by wagmi, never called: the one account and the connection
      // change only through connect() and disconnect(), no wallet event.
      onAccountsChanged: () => undefined,
      onDisconnect: () => undefined,
    }
  })
}
