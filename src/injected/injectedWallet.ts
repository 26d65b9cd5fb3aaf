import { createConnector } from '@wagmi/core'
import type { ConnectWithCapabilities } from '../core/connector.js'
import { defaultChainIdBeforeConnecting, loadOnce } from '../core/connector.js'
import { detectPlatform } from '../core/platform.js'
import { toBrowseLink } from '../wallets/links.js'
import type { WalletDescriptor } from '../wallets/walletRegistry.js'
import { announcedProviders, findInjectedProvider } from './discovery.js'
import type {
  InjectedProvider,
  InjectedStorageItem,
  InjectedSwitchChainParameters,
  InjectedWalletConnectParameters,
  InjectedWalletParameters,
  MissingWallet,
} from './injectedParameters.js'

/**
 * A browser wallet by name: its EIP-6963 announcement first, then its legacy
 * provider (impostors refused). When it is missing, `connect()` on a phone
 * opens the page in the wallet app's own browser; on desktop it rejects with
 * 'No provider found' and the wallet's `installUrl`.
 *
 * @example
 * import { injectedWallet, metamask } from 'wagmi-connector-pack/injected'
 * createConfig({ connectors: [injectedWallet({ wallet: metamask })], … })
 */
export function injectedWallet(parameters: InjectedWalletParameters) {
  // Checked with the runtime (connect() names a bad one); read here only as
  // far as the connector's id and name and finding the wallet need.
  const given: unknown = parameters?.wallet
  const wallet = (
    typeof given === 'object' && given ? given : {}
  ) as WalletDescriptor

  type Properties = {
    /** The wallet this connector opens. */
    wallet: WalletDescriptor
    /** Where a desktop user installs the wallet, for the host's "Install" link. */
    installUrl: string | undefined
    /** Whether the wallet is in this page now. */
    isInstalled(): boolean
    /** On a phone without the wallet: the link `connect()` opens, for the host's "Open in" button. */
    getBrowseLink(): string | undefined
    connect: ConnectWithCapabilities<InjectedWalletConnectParameters>
  }

  const find = () =>
    typeof window === 'undefined'
      ? undefined
      : findInjectedProvider(wallet, {
          announced: announcedProviders(),
          window: window as unknown as Record<string, unknown>,
        })

  const browseLink = () => {
    const platform = detectPlatform()
    // Inside the wallet's own browser a link would only open the page again.
    if (!platform.isMobile || platform.walletBrowser === wallet.id) return
    return toBrowseLink(wallet, window.location.href)
  }

  /**
   * Why there is no provider; on a phone, first the move to the wallet's
   * browser (nothing awaited before it: a phone keeps the user's tap).
   */
  const missing = (isReconnecting: boolean | undefined): MissingWallet => {
    const platform = detectPlatform()
    if (
      isReconnecting ||
      !platform.isMobile ||
      platform.walletBrowser === wallet.id
    )
      return { reason: 'notFound' }
    if (!wallet.browse) return { reason: 'noInAppBrowser' }
    const link = browseLink()
    if (!link) return { reason: 'notFound' }
    window.location.assign(link)
    return { reason: 'redirected', link }
  }

  return createConnector<InjectedProvider, Properties, InjectedStorageItem>(
    (config) => {
      // Connecting, switching and the wallet's events load on first use (a
      // failed download, offline or after a new deploy, is tried again next time).
      const runtime = loadOnce(() =>
        import('./injectedRuntime.js').then(({ createInjectedRuntime }) =>
          createInjectedRuntime({ config, parameters, find }),
        ),
      )
      /** Hands a wallet event to the runtime (loaded by then: only it listens to the wallet). */
      const handToRuntime = (
        use: (loaded: Awaited<ReturnType<typeof runtime.load>>) => void,
      ) => void runtime.call(use).catch(() => undefined)

      return {
        id: wallet.id ?? injectedWallet.type,
        name: wallet.name ?? 'Browser wallet',
        type: injectedWallet.type,
        icon: wallet.icon,
        rdns: wallet.rdns,
        wallet,
        installUrl: wallet.installUrl,
        isInstalled: () => find() !== undefined,
        getBrowseLink: () => (find() ? undefined : browseLink()),
        async setup() {
          if (typeof window === 'undefined') return
          // Start listening for announcements now, so a wallet that announces
          // late is known by the time the user connects.
          announcedProviders()
          // Fetch the runtime while idle: a tap on "connect" reaches the wallet with few awaits.
          const idle =
            window.requestIdleCallback ?? ((run) => setTimeout(run, 1))
          idle(() => void runtime.load().catch(() => undefined))
        },
        async connect(parameters = {}) {
          const { isReconnecting } =
            parameters as InjectedWalletConnectParameters
          // Nothing is awaited before a redirect: a phone keeps the user's tap.
          const provider = find()
          if (!provider) {
            const why = missing(isReconnecting)
            throw (await runtime.load()).missingWalletError(why)
          }
          return (await runtime.load()).connect(
            provider,
            parameters as InjectedWalletConnectParameters,
          ) as never
        },
        async disconnect() {
          return (await runtime.load()).disconnect()
        },
        async getAccounts() {
          return (await runtime.load()).getAccounts()
        },
        async getChainId() {
          // Nothing connected and no wallet to ask: chain 1, as every connector before connecting (docs/injected.md).
          if (!runtime.value && !find()) return defaultChainIdBeforeConnecting
          return (await runtime.load()).getChainId()
        },
        async getProvider() {
          return find() as InjectedProvider
        },
        /**
         * The client wagmi's actions use: wagmi's own, on a transport that
         * answers `eth_chainId` and `eth_accounts` from what the wallet said.
         */
        async getClient(parameters?: { chainId?: number | undefined }) {
          return (await runtime.load()).getClient(parameters)
        },
        async isAuthorized() {
          try {
            // No wallet in the page: nothing to load to say so.
            if (!runtime.value && !find()) return false
            return await (await runtime.load()).isAuthorized()
          } catch {
            return false
          }
        },
        async switchChain(parameters: InjectedSwitchChainParameters) {
          return (await runtime.load()).switchChain(parameters)
        },
        onAccountsChanged(accounts) {
          handToRuntime((runtime) => runtime.onAccountsChanged(accounts))
        },
        onChainChanged(chain) {
          handToRuntime((runtime) => runtime.onChainChanged(chain))
        },
        onDisconnect(error) {
          handToRuntime((runtime) => runtime.onDisconnect(error))
        },
      }
    },
  )
}

injectedWallet.type = 'injectedWallet' as const
