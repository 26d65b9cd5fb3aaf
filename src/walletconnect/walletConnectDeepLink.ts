import { createConnector } from '@wagmi/core'
import {
  createListeners,
  defaultChainIdBeforeConnecting,
  loadOnce,
  loadToRestore,
} from '../core/connector.js'
import { SessionNotFoundError } from '../core/sessionNotFound.js'
import {
  createConnectorStorage,
  type StoredSessionId,
} from '../core/storage.js'
import type {
  WalletConnectDeepLinkParameters,
  WalletConnectDeepLinkProperties,
  WalletConnectProvider,
} from './walletConnectParameters.js'
import type { WalletConnectRuntime } from './walletConnectRuntime.js'

/** The session's id across reloads: its WalletConnect topic, 32 bytes of hex. */
export const storedSessionTopic: StoredSessionId<'sessionTopic'> = {
  name: 'sessionTopic',
  isValid: (value) => /^[0-9a-f]{64}$/.test(value),
}

const inBrowser = () => typeof window !== 'undefined'

walletConnectDeepLink.type = 'walletConnectDeepLink' as const

/**
 * WalletConnect that pairs by QR code or deep link and, on a phone, brings
 * the wallet app forward for every request that needs the user.
 *
 * Nothing is paid before the user reaches for it: the SDK
 * (`@walletconnect/sign-client`, an optional peer) and the connector's
 * runtime load, and the relay socket opens, only on `connect()`, on a
 * stored session to restore, or on `prepare()`, which a host calls when its
 * wallet list opens so that the tap on "WalletConnect" finds a pairing URI
 * ready (`display_uri` within the connect() call).
 *
 * @example
 * import { trust, walletConnectDeepLink } from 'wagmi-connector-pack/walletconnect'
 * walletConnectDeepLink({ projectId, wallet: trust })
 */
export function walletConnectDeepLink(
  parameters: WalletConnectDeepLinkParameters,
) {
  return createConnector<
    WalletConnectProvider,
    WalletConnectDeepLinkProperties
  >((config) => {
    // Read before the runtime loads: a reload with no session stored loads nothing.
    const storage = createConnectorStorage({
      storage: config.storage,
      key: 'walletConnectDeepLink',
      chainIds: config.chains.map((chain) => chain.id),
      sessionId: storedSessionTopic,
    })
    // The host's listeners on the stable provider; the runtime forwards the SDK's events to them.
    const listeners = createListeners()
    const runtime = loadOnce(async (): Promise<WalletConnectRuntime> => {
      // Both at once: the runtime and the SDK are fetched side by side.
      const sdk = import('@walletconnect/sign-client').catch(
        async (cause: unknown) => {
          // wagmi's class: a host's instanceof check holds (loaded only on this
          // failure; if even that cannot load, the SDK's own failure stands).
          const { ProviderNotFoundError } = await import(
            '../core/connectionErrors.js'
          ).catch(() => {
            throw cause
          })
          throw new ProviderNotFoundError({
            cause,
            metaMessages: [
              'Install the optional peer: npm install @walletconnect/sign-client@">=2.21.8 <3"',
            ],
          })
        },
      )
      // The runtime awaits it after checking the options; if they are bad, no one does.
      sdk.catch(() => undefined)
      const { createWalletConnectRuntime } = await import(
        './walletConnectRuntime.js'
      )
      return createWalletConnectRuntime({
        sdk,
        parameters,
        config,
        storage,
        listeners,
      })
    })
    /** A session topic in wagmi's storage: there is a session to restore. */
    const hasStoredSession = async () =>
      (await storage.get('sessionTopic')) !== undefined
    const provider: WalletConnectProvider = {
      request(args) {
        // Loaded: the runtime opens the wallet within the user's tap, before anything is awaited.
        if (runtime.value || runtime.loading)
          return runtime.call((r) => r.request(args))
        // Nothing loaded, so no session: answered without the SDK.
        if (args.method === 'eth_chainId')
          return Promise.resolve(`0x${defaultChainIdBeforeConnecting}`)
        if (args.method === 'eth_accounts') return Promise.resolve([])
        return Promise.reject(new SessionNotFoundError())
      },
      on: listeners.on,
      once: listeners.once,
      removeListener: listeners.removeListener,
    }

    return {
      id: 'walletConnectDeepLink',
      name: 'WalletConnect',
      type: walletConnectDeepLink.type,
      async setup() {
        // A stored session is restored from page load on, as wagmi's own
        // connector would; without one, nothing loads until it is asked for.
        if (!inBrowser()) return
        if (await hasStoredSession().catch(() => false))
          runtime.load().catch(() => undefined)
      },
      prepare() {
        if (!inBrowser()) return Promise.resolve()
        return runtime.load().then(
          (r) => r.prepare(),
          () => undefined,
        )
      },
      getPairing: () => runtime.value?.getPairing(),
      getSessionAccounts: () => runtime.value?.getSessionAccounts() ?? [],
      connect(parameters = {}) {
        // Loaded (prepare() or a restore): connect() shows a prepared URI before it awaits.
        return runtime.call((r) => r.connect(parameters))
      },
      async disconnect() {
        const loaded = await runtime.current()
        if (loaded) return loaded.disconnect()
        // Never loaded: there is only what wagmi's storage holds.
        await storage.clear()
      },
      async getAccounts() {
        return runtime.value?.getAccounts() ?? []
      },
      async getChainId() {
        return runtime.value?.getChainId() ?? defaultChainIdBeforeConnecting
      },
      async getProvider() {
        return provider
      },
      async isAuthorized() {
        try {
          // No session stored, nothing to restore: wagmi's reconnect need
          // not wait for the SDK, and the visitor does not download it.
          if (!(await hasStoredSession())) return false
          return (await loadToRestore(runtime)).isAuthorized()
        } catch {
          return false
        }
      },
      async switchChain({ chainId }: { chainId: number }) {
        // The runtime refuses a chain the config lacks (ChainNotConfiguredError).
        if (runtime.value) return runtime.value.switchChain({ chainId })
        // Nothing loaded, so no session: the chain is checked all the same.
        const { configuredChain } = await import('../core/chains.js')
        configuredChain(config.chains, chainId)
        throw new SessionNotFoundError()
      },
      onAccountsChanged: (accounts: string[]) =>
        runtime.value?.onAccountsChanged(accounts),
      onChainChanged: (chain: string | number) =>
        runtime.value?.onChainChanged(chain),
      async onDisconnect() {
        await runtime.value?.onDisconnect()
      },
    }
  })
}
