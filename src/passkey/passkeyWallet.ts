import { type Connector, createConnector } from '@wagmi/core'
import type { EIP1193Parameters } from 'viem'
import type { ConnectWithCapabilities } from '../core/ConnectWithCapabilities.js'
import { createConnectorStorage } from '../core/createConnectorStorage.js'
import { createListeners, type Listeners } from '../core/createListeners.js'
import { defaultChainIdBeforeConnecting } from '../core/defaultChainIdBeforeConnecting.js'
import { SessionNotFoundError } from '../core/errors/SessionNotFoundError.js'
import { isUuid } from '../core/isUuid.js'
import { loadOnce } from '../core/loadOnce.js'
import { withTimeout } from '../core/withTimeout.js'
import type { ExportFlow } from '../export/createExportFlow.js'
import type { RecoveryFlow } from '../recovery/createRecoveryFlow.js'
import type {
  CreateAccountAnswer,
  CreateAccountRequest,
  RecoveryStartAnswer,
  RecoveryStartRequest,
  SendEmailCodeAnswer,
  SendEmailCodeRequest,
  VerifyEmailCodeAnswer,
  VerifyEmailCodeRequest,
} from '../turnkey/hostBackendContract.js'

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
   * After log-in or sign-up, a session key signs without prompting until it
   * expires (default 900 s); then the passkey is asked again. `false`: every
   * signature needs the passkey. Without `profileId` the session key can do
   * anything the passkey can, export included, until it expires: more than
   * a day (86400 s, up to 7 days) needs `allowLong: true`.
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
   * `.verify`, `recovery.start`) may take, its Response's body read: 1000 to
   * 120000 ms, default 30000. Then its `signal` aborts and it rejects with
   * `HostBackendTimeoutError`.
   */
  backendTimeoutMs?: number | undefined
  /**
   * How long the recovery and export frames may take to load and to answer
   * each message: 1000 to 60000 ms, default 10000.
   */
  frameTimeoutMs?: number | undefined
}

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
}

/** The EIP-1193 provider of the passkey wallet (stable for the connector's life). */
export type PasskeyProvider = {
  request(args: EIP1193Parameters): Promise<any>
} & Pick<Listeners, 'on' | 'removeListener'>

// Reconnect must end: a download that hangs counts as no session.
const runtimeLoadTimeoutMs = 10_000

passkeyWallet.type = 'passkeyWallet' as const

/** What the passkey wallet's connector has beside wagmi's connector methods. */
export type PasskeyWalletProperties = {
  /**
   * Loads the wallet's code (ceremonies, vendor client, the next session
   * key) before the user taps, so that the tap reaches the passkey prompt
   * with no download in between: iOS refuses a prompt opened after one.
   * Call it when the wallet list opens or the pointer enters the button.
   * Idempotent; never rejects (connect() reports what failed); does
   * nothing on the server.
   */
  prepare(): Promise<void>
  /** The recovery flow (see `RecoveryFlow`); loads its code on first call. */
  getRecovery(): Promise<RecoveryFlow>
  /** The export flow of the connected wallet; loads its code on first call. */
  getExport(): Promise<ExportFlow>
  /**
   * Emails a one-time code to `email` (trimmed, lower case) through the
   * host backend's `emailCode.send` or the Auth Proxy. Any address gets
   * one: whether it has an account is told only after the code is entered.
   */
  sendEmailCode(email: string): Promise<{ email: string }>
  /**
   * Checks the code sent by `sendEmailCode`: on success, `connect({ signUp:
   * { userName, email } })` with that email may keep it as the recovery
   * address. `InvalidEmailCodeError` for a wrong or expired code,
   * `EmailTakenError` when the address already has an account.
   */
  confirmEmailCode(code: string): Promise<{ email: string }>
  connect: ConnectWithCapabilities<PasskeyWalletConnectParameters>
}

/** The config's passkeyWallet connector, as `config.connectors` or `useConnectors()` holds it. */
export type PasskeyWalletConnector = Connector<ReturnType<typeof passkeyWallet>>

/**
 * An embedded wallet whose keys the vendor holds and whose every signature
 * the user authorises with a passkey (or, for a while, a session key).
 * Its ceremonies, vendor client and signing load on first use (connect, a
 * stored session to restore) or on `prepare()`, never by idle time.
 *
 * @example
 * passkeyWallet({ organizationId, createAccount: (request) => fetch('/api/create-account', …) })
 */
export function passkeyWallet(parameters: PasskeyWalletParameters) {
  return createConnector<PasskeyProvider, PasskeyWalletProperties>((config) => {
    const storage = createConnectorStorage({
      storage: config.storage,
      key: 'passkeyWallet',
      chainIds: config.chains.map((chain) => chain.id),
      sessionId: { name: 'subOrganizationId', isValid: isUuid },
    })
    const listeners = createListeners()
    // Without wagmi storage nothing survives a reload, the session key included.
    const sessionStoreKey = config.storage
      ? `${config.storage.key}.passkeyWallet`
      : undefined
    // The wallet's chain changes (a switch, also one asked through the provider) reach wagmi here.
    const onChainChanged = (chain: string | number) =>
      config.emitter.emit('change', { chainId: Number(chain) })
    // A failed download (offline, a new deploy) is tried again next time.
    const runtime = loadOnce(() =>
      import('./createPasskeyRuntime.js').then(({ createPasskeyRuntime }) =>
        createPasskeyRuntime({
          parameters,
          chains: config.chains,
          transports: config.transports,
          storage,
          sessionStoreKey,
          onChainChanged,
          emit: listeners.emit,
        }),
      ),
    )
    const load = runtime.load
    const recovery = loadOnce(() =>
      import('./createPasskeyRecovery.js').then(({ createPasskeyRecovery }) =>
        createPasskeyRecovery({
          parameters,
          storage: config.storage,
          storageKey: 'passkeyWallet',
        }),
      ),
    )
    const exportFlow = loadOnce(() =>
      Promise.all([load(), import('../export/createExportFlow.js')]).then(
        ([loaded, { createExportFlow }]) =>
          createExportFlow(loaded.exportAccess()),
      ),
    )
    /** What disconnecting removes; works even when the runtime never loaded. */
    async function forget() {
      // The runtime first: nothing more is signed for the leaving account.
      // Its session key is revoked at the vendor meanwhile (within a deadline).
      const loaded = await runtime.current()
      const revoked = loaded?.forget()
      // A finished recovery ends with the session it opened: the next one starts afresh.
      const flow = await recovery.current()
      if (flow?.getSnapshot().step === 'passkey-created') await flow.reset()
      // An export on screen belongs to the account that is leaving.
      const shownExport = await exportFlow.current()
      shownExport?.close()
      await Promise.all([
        revoked,
        storage.clear(),
        sessionStoreKey &&
          (loaded
            ? import('./sessionKeyStore.js').then(({ sessionKeyStore }) =>
                sessionKeyStore.delete(sessionStoreKey),
              )
            : import('./revokeStoredSessionKey.js').then(
                ({ revokeStoredSessionKey }) =>
                  revokeStoredSessionKey(sessionStoreKey, parameters),
              )),
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
      prepare() {
        if (typeof window === 'undefined') return Promise.resolve()
        return load().then(
          () => undefined,
          () => undefined,
        )
      },
      getRecovery() {
        // Neither configured: recovery is not. The runtime checks the
        // options first, naming a bad one as connect() does.
        if (
          parameters?.recovery === undefined &&
          parameters?.authProxy === undefined
        )
          return load()
            .then(() => import('../recovery/RecoveryNotConfiguredError.js'))
            .then(({ RecoveryNotConfiguredError }) => {
              throw new RecoveryNotConfiguredError()
            })
        return recovery.load()
      },
      getExport: exportFlow.load,
      async sendEmailCode(email) {
        return (await load()).emailVerification.sendCode(email)
      },
      async confirmEmailCode(code) {
        return (await load()).emailVerification.confirmCode(code)
      },
      async connect(connectParameters = {}) {
        const { withCapabilities, ...rest } =
          connectParameters as PasskeyWalletConnectParameters
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
      // What is stored answers until the runtime has loaded (or when it cannot).
      async getAccounts() {
        const loaded = await runtime.current()
        if (loaded) return loaded.accounts()
        const stored = await storage.get('activeAccount')
        return stored ? [stored] : []
      },
      async getChainId() {
        const loaded = await runtime.current()
        return loaded
          ? loaded.chainId()
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
            storage.get('subOrganizationId'),
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
