import { createConnector } from '@wagmi/core'
import type { parseCaipAccount } from '../core/caip/parseCaipAccount.js'
import { createListeners } from '../core/createListeners.js'
import { type WalletId, walletIds } from '../wallets/walletIds.js'
import type { WalletDescriptor } from '../wallets/walletRegistry.js'
import type { WalletConnectSession } from './createWalletConnectSession.js'
import { InvalidWalletConnectParameterError } from './errors.js'
import type { DeepLinkPreference } from './toPairingLinks.js'

export type WalletConnectDeepLinkParameters = {
  /** Your WalletConnect Cloud project id. */
  projectId: string
  /** What the wallet shows about your app. */
  metadata?:
    | { name: string; description: string; url: string; icons: string[] }
    | undefined
  /** The relay; WalletConnect's own by default. */
  relayUrl?: string | undefined
  /** Which link opens the wallet on a phone: its app scheme (default) or its https link. */
  deepLink?: DeepLinkPreference | undefined
  /** A wallet of the registry (its links), or a descriptor; otherwise the session's redirect metadata. */
  wallet?: WalletId | WalletDescriptor | undefined
  /**
   * `app` (default): the app may switch to any chain the session approved.
   * `wallet`: networks change only in the wallet.
   */
  switching?: 'app' | 'wallet' | undefined
  /**
   * Names the SDK's stored state. Two WalletConnect connectors on one page
   * (or two configs in one process) each need their own; a stable value keeps
   * the session across reloads.
   */
  storagePrefix?: string | undefined
}

/** The pairing on screen: show `qr` as a QR code, or open `deepLink` on a phone. */
export type WalletConnectPairing = {
  uri: string
  qr: string
  deepLink: string | undefined
  /** 1 for the first URI; a new URI replaces an expired one, up to 10. */
  attempt: number
  /** Unix ms after which the URI no longer pairs. */
  expiresAt: number
}

/** Where the session's topic is kept (written by the session, read before loading it). */
type StorageItem = { 'walletConnectDeepLink.sessionTopic': string }

export type WalletConnectProvider = {
  request(args: { method: string; params?: unknown }): Promise<any>
  on(event: string, listener: (...args: any[]) => void): void
  removeListener(event: string, listener: (...args: any[]) => void): void
}
// A WalletConnect topic: 32 bytes of hex.
const isSessionTopic = (value: unknown) =>
  typeof value === 'string' && /^[0-9a-f]{64}$/.test(value)

// SPEC §9: before connecting, wagmi sees chain 1.
const defaultChainIdBeforeConnecting = 1

function validate(parameters: WalletConnectDeepLinkParameters) {
  const invalid = (name: string, expected: string) =>
    new InvalidWalletConnectParameterError(name, expected)
  if (typeof parameters?.projectId !== 'string' || !parameters.projectId)
    throw invalid('projectId', 'your WalletConnect project id')
  if (
    parameters.relayUrl !== undefined &&
    !/^wss?:\/\/[^/]+/.test(parameters.relayUrl)
  )
    throw invalid('relayUrl', 'a ws:// or wss:// URL')
  const deepLink = parameters.deepLink ?? 'native'
  if (deepLink !== 'native' && deepLink !== 'universal')
    throw invalid('deepLink', "'native' or 'universal'")
  const switching = parameters.switching ?? 'app'
  if (switching !== 'app' && switching !== 'wallet')
    throw invalid('switching', "'app' or 'wallet'")
  const { wallet } = parameters
  const known =
    typeof wallet === 'string'
      ? (walletIds as readonly string[]).includes(wallet)
      : wallet === undefined || Boolean(wallet?.id)
  if (!known)
    throw invalid(
      'wallet',
      `a registered wallet id (${walletIds.join(', ')}) or a descriptor`,
    )
  // A wallet the host describes itself may use its own app scheme.
  const native = typeof wallet === 'object' ? wallet.walletConnect?.native : ''
  if (native !== undefined && typeof native !== 'string')
    throw invalid(
      'wallet',
      'a descriptor whose walletConnect.native is a string',
    )
  // URL schemes compare in lower case.
  const hostSchemes = native?.includes(':')
    ? [native.slice(0, native.indexOf(':') + 1).toLowerCase()]
    : []
  return { deepLink, switching, wallet, hostSchemes }
}

walletConnectDeepLink.type = 'walletConnectDeepLink' as const

/**
 * WalletConnect that pairs by QR code or deep link and, on a phone, brings
 * the wallet app forward for every request that needs the user. The SDK
 * (`@walletconnect/ethereum-provider`, an optional peer) loads on first use.
 *
 * @example
 * walletConnectDeepLink({ projectId, wallet: 'trust' })
 */
export function walletConnectDeepLink(
  parameters: WalletConnectDeepLinkParameters,
) {
  const { deepLink, switching, wallet, hostSchemes } = validate(parameters)
  type Properties = {
    /** The pairing URI on screen, with its QR payload and deep link; `undefined` when none. */
    getPairing(): WalletConnectPairing | undefined
    /** Every account of the session, in any namespace, parsed (eip155 ones feed wagmi). */
    getSessionAccounts(): ReturnType<typeof parseCaipAccount>[]
  }

  return createConnector<WalletConnectProvider, Properties, StorageItem>(
    (config) => {
      // The host's listeners on the stable provider; the session forwards the SDK's events to them.
      const listeners = createListeners()
      let session: WalletConnectSession | undefined
      let loading: Promise<WalletConnectSession> | undefined
      const load = () => {
        loading ??= import('./createWalletConnectSession.js').then(
          ({ createWalletConnectSession }) => {
            session = createWalletConnectSession({
              parameters,
              deepLink,
              switching,
              wallet,
              hostSchemes,
              config,
              listeners,
            })
            return session
          },
        )
        loading.catch(() => {
          loading = undefined
        })
        return loading
      }
      const provider: WalletConnectProvider = {
        // Once loaded, the session opens the wallet within the user's tap, before anything is awaited.
        request: (args) =>
          session ? session.request(args) : load().then((s) => s.request(args)),
        on: listeners.on,
        removeListener: listeners.removeListener,
      }

      return {
        id: 'walletConnectDeepLink',
        name: 'WalletConnect',
        type: walletConnectDeepLink.type,
        async setup() {
          // Initialised early and off the critical path, never on the server.
          if (typeof window === 'undefined') return
          const idle =
            window.requestIdleCallback ?? ((run) => setTimeout(run, 1))
          idle(
            () =>
              void load().then(
                (s) => s.preload(),
                () => undefined,
              ),
          )
        },
        getPairing: () => session?.getPairing(),
        getSessionAccounts: () => session?.getSessionAccounts() ?? [],
        async connect(parameters = {}) {
          return (await load()).connect(parameters)
        },
        async disconnect() {
          await session?.disconnect()
        },
        async getAccounts() {
          return session ? session.getAccounts() : []
        },
        async getChainId() {
          return session ? session.getChainId() : defaultChainIdBeforeConnecting
        },
        async getProvider() {
          return provider
        },
        async isAuthorized() {
          try {
            // No session stored, nothing to restore: wagmi's reconnect need not wait for the SDK.
            const key = 'walletConnectDeepLink.sessionTopic'
            const topic = await config.storage?.getItem(key)
            if (config.storage && !isSessionTopic(topic)) {
              if (topic !== null) await config.storage.removeItem(key)
              return false
            }
            return await (await load()).isAuthorized()
          } catch {
            return false
          }
        },
        async switchChain({ chainId }: { chainId: number }) {
          return (await load()).switchChain({ chainId })
        },
        onAccountsChanged: (accounts: string[]) =>
          session?.onAccountsChanged(accounts),
        onChainChanged: (chain: string | number) =>
          session?.onChainChanged(chain),
        async onDisconnect() {
          await session?.onDisconnect()
        },
      }
    },
  )
}
