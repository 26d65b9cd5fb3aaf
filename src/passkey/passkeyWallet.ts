import { type Connector, createConnector } from '@wagmi/core'
import type { EIP1193Parameters } from 'viem'
import { isUuid } from '../core/checks.js'
import type { ConnectWithCapabilities } from '../core/connector.js'
import {
  createListeners,
  defaultChainIdBeforeConnecting,
  type Listeners,
  loadOnce,
  loadToRestore,
} from '../core/connector.js'
import { createConnectorStorage } from '../core/storage.js'
import type { ExportFlow } from '../export/exportFlow.js'
import type { RecoveryFlow } from '../recovery/recoveryFlow.js'
import type {
  PasskeyWalletConnectParameters,
  PasskeyWalletParameters,
} from './passkeyParameters.js'
import type { ProviderLinks } from './providerLinks.js'

// The options' types live with their checks (which load with the runtime, not here).
export type {
  PasskeyWalletConnectParameters,
  PasskeyWalletParameters,
} from './passkeyParameters.js'

/** The EIP-1193 provider of the passkey wallet (stable for the connector's life). */
export type PasskeyProvider = {
  request(args: EIP1193Parameters): Promise<any>
} & Pick<Listeners, 'on' | 'removeListener'>

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
   * The provider accounts the connected account signs in with (with
   * `passkeyWallet({ oidc: socialLogin(…) })`): `list()`, `link(provider)`
   * (its window opens in the tap; the passkey authorises),
   * `unlink(providerId)` (the passkey authorises). Loads its code on first
   * call; without `oidc`, InvalidPasskeyWalletParameterError.
   */
  getProviderLinks(): Promise<ProviderLinks>
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
 * passkeyWallet({
 *   organizationId,
 *   session: { profileId },
 *   createAccount: (request) => fetch('/api/create-account', …),
 * })
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
      import('./passkeyRuntime.js').then(({ createPasskeyRuntime }) =>
        createPasskeyRuntime({
          parameters,
          chains: config.chains,
          transports: config.transports,
          storage,
          sessionStoreKey,
          onChainChanged,
          emit: listeners.emit,
          onSignInFailed: (error) => config.emitter.emit('error', { error }),
        }),
      ),
    )
    const recovery = loadOnce(() =>
      import('./createPasskeyRecovery.js').then(({ createPasskeyRecovery }) =>
        createPasskeyRecovery({
          parameters,
          storage: config.storage,
          storageKey: 'passkeyWallet',
          connectedOrganization: () => storage.get('subOrganizationId'),
        }),
      ),
    )
    const exportFlow = loadOnce(() =>
      Promise.all([runtime.load(), import('../export/exportFlow.js')]).then(
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
      // So does a provider's (a passkey being added to the leaving account): its window
      // closes, and its one-time key is deleted.
      const flow = await recovery.current()
      const left = flow?.getSnapshot()
      if (left?.step === 'passkey-created' || left?.type === 'provider')
        await flow!.reset()
      // An export on screen belongs to the account that is leaving.
      const shownExport = await exportFlow.current()
      shownExport?.close()
      await Promise.all([
        revoked,
        storage.clear(),
        !loaded &&
          sessionStoreKey &&
          import('./passkeyRuntime.js').then(({ revokeStoredSessionKey }) =>
            revokeStoredSessionKey(sessionStoreKey, parameters),
          ),
      ])
    }
    const provider: PasskeyProvider = {
      request: (args) => runtime.call((r) => r.request(args)),
      on: listeners.on,
      removeListener: listeners.removeListener,
    }

    return {
      id: 'passkeyWallet',
      name: 'Passkey',
      type: passkeyWallet.type,
      prepare() {
        if (typeof window === 'undefined') return Promise.resolve()
        return runtime.load().then(
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
          return runtime
            .load()
            .then(() => import('../recovery/RecoveryNotConfiguredError.js'))
            .then(({ RecoveryNotConfiguredError }) => {
              throw new RecoveryNotConfiguredError()
            })
        return recovery.load()
      },
      getExport: exportFlow.load,
      getProviderLinks: () => runtime.call((r) => r.providerLinks()),
      sendEmailCode: (email) =>
        runtime.call((r) => r.emailVerification.sendCode(email)),
      confirmEmailCode: (code) =>
        runtime.call((r) => r.emailVerification.confirmCode(code)),
      async connect(connectParameters = {}) {
        const { withCapabilities, ...rest } =
          connectParameters as PasskeyWalletConnectParameters
        const ready = rest.isReconnecting
          ? loadToRestore(runtime)
          : runtime.load()
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
          // A provider's answer on the URL: wagmi's reconnect finishes that sign-in.
          // (A bad `oidc` is connect()'s to name: never a throw here, which would stall reconnect.)
          if (parameters?.oidc?.hasAnswer()) return true
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
        return runtime.call((r) => r.switchChain(chainId))
      },
      onChainChanged,
      // Required by wagmi, never called: the one account and the connection
      // change only through connect() and disconnect(), no wallet event.
      onAccountsChanged: () => undefined,
      onDisconnect: () => undefined,
    }
  })
}
