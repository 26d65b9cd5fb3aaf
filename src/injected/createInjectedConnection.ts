import type { CreateConnectorFn } from '@wagmi/core'
import { type Address, numberToHex } from 'viem'
import { createSupersession } from '../core/lifecycle.js'
import { providerErrorCode, toAddresses } from '../core/walletAnswers.js'
import type { InjectedProvider } from './eip1193.js'
import { lookUpAccounts, lookUpChainId } from './walletLookups.js'

/** The accounts and chain of a connection, as the wallet last said them. */
export type WalletState = { accounts: readonly Address[]; chainId: number }

type WalletEvents = readonly (readonly [
  event: string,
  handler: (...args: any[]) => void,
])[]

/**
 * The connection to an injected wallet, kept as the wallet describes it: its
 * answer at connect, then its events (accounts, chain, disconnect) and our
 * switches. Once the wallet itself ends the connection (it locked), only its
 * accounts coming back are heard, and they connect again, as wagmi's
 * injected() does.
 */
export function createInjectedConnection({
  emitter,
}: Pick<Parameters<CreateConnectorFn>[0], 'emitter'>) {
  /** What the wallet said since connect; `undefined` when not connected. */
  let state: WalletState | undefined
  let subscribedProvider: InjectedProvider | undefined
  let subscribedEvents: WalletEvents = []
  // Superseded by each account event while locked: only the latest may reconnect.
  const unlocks = createSupersession()

  const whileConnected: WalletEvents = [
    ['accountsChanged', (accounts: string[]) => onAccountsChanged(accounts)],
    ['chainChanged', (chain: string) => onChainChanged(chain)],
    ['disconnect', (error?: Error) => onDisconnect(error)],
  ]
  const whileLocked: WalletEvents = [
    ['accountsChanged', (accounts: string[]) => onAccountsChanged(accounts)],
  ]

  function subscribe(provider: InjectedProvider, events: WalletEvents) {
    if (subscribedProvider === provider && subscribedEvents === events) return
    unsubscribe()
    for (const [event, handler] of events) provider.on?.(event, handler)
    subscribedProvider = provider
    subscribedEvents = events
  }

  function unsubscribe() {
    const provider = subscribedProvider
    const remove = provider?.removeListener ?? provider?.off
    for (const [event, handler] of subscribedEvents)
      remove?.call(provider, event, handler)
    subscribedProvider = undefined
    subscribedEvents = []
  }

  function onAccountsChanged(accounts: string[]) {
    const addresses = toAddresses(accounts)
    if (subscribedEvents === whileLocked) {
      unlocks.supersede()
      if (addresses.length > 0) void reconnectUnlocked()
    } else if (addresses.length === 0) onDisconnect()
    else {
      if (state) state = { ...state, accounts: addresses }
      emitter.emit('change', { accounts: addresses })
    }
  }

  function onChainChanged(chain: string) {
    const chainId = Number(chain)
    if (state) state = { ...state, chainId }
    emitter.emit('change', { chainId })
  }

  function onDisconnect(error?: Error) {
    const provider = subscribedProvider
    // MetaMask's 1013 means it is reconnecting to its node, not that the user left.
    if (providerErrorCode(error) === 1013) {
      if (provider)
        void lookUpAccounts(provider)
          .then((accounts) => {
            if (accounts.length === 0) onDisconnect()
          })
          .catch(() => undefined)
      return
    }
    state = undefined
    if (provider) subscribe(provider, whileLocked)
    else unsubscribe()
    emitter.emit('disconnect')
  }

  /** A wallet unlocked again connects (and becomes wagmi's current connection) while wagmi listens for this connector. */
  async function reconnectUnlocked() {
    const provider = subscribedProvider
    const asked = unlocks.current()
    if (!provider || emitter.listenerCount('connect') === 0) return
    const [accounts, chainId] = await Promise.all([
      lookUpAccounts(provider),
      lookUpChainId(provider),
    ]).catch(() => [[], undefined] as const)
    // A later event, or the app, may have moved on while the wallet answered.
    if (asked.aborted || subscribedEvents !== whileLocked) return
    if (accounts.length === 0 || chainId === undefined) return
    opened(provider, { accounts, chainId })
    emitter.emit('connect', { accounts, chainId })
  }

  /** Connected to `provider`: its events are heard from now on. */
  function opened(provider: InjectedProvider, said: WalletState) {
    state = said
    subscribe(provider, whileConnected)
  }

  return {
    /** The wallet's state while connected; `undefined` otherwise. */
    get state() {
      return state
    },
    /** The wallet this connection listens to, connected or locked. */
    get provider() {
      return subscribedProvider
    },
    opened,
    /** Disconnected by the app: nothing from the wallet is heard any more. */
    closed() {
      state = undefined
      unsubscribe()
    },
    /** The chain moved by a switch the connector made. */
    switched(chainId: number) {
      if (state) state = { ...state, chainId }
    },
    /**
     * The wallet's `request` for wagmi's client, answering `eth_chainId` and
     * `eth_accounts` from the state while connected to `wallet`: a signature
     * or a send is then one wallet request.
     */
    answeringFromState(wallet: InjectedProvider) {
      return {
        request(args: { method: string; params?: unknown }) {
          if (state && subscribedProvider === wallet) {
            if (args.method === 'eth_chainId')
              return Promise.resolve(numberToHex(state.chainId))
            if (args.method === 'eth_accounts')
              return Promise.resolve([...state.accounts])
          }
          return wallet.request(args as never)
        },
      }
    },
    onAccountsChanged,
    onChainChanged,
    onDisconnect,
  }
}
