import type { CreateConnectorFn } from '@wagmi/core'
import {
  type AddEthereumChainParameter,
  type Address,
  type Chain,
  numberToHex,
} from 'viem'
import {
  asSwitchRejection,
  SwitchChainNotSupportedError,
} from '../core/chains.js'
import { withTimeout } from '../core/deadlines.js'
import { createSupersession } from '../core/lifecycle.js'
import { providerErrorCode, toAddresses } from '../core/walletAnswers.js'
import { WalletTimeoutError } from './errors.js'
import type { InjectedProvider } from './injectedParameters.js'

// The wallet's own EIP-1193 provider as the connector talks to it: the
// connection kept from its answers and events, its lookups within deadlines,
// and switching its chain.

const unknownChain = 4902
// 4200: the wallet does not support the method; -32601: no such method.
const unsupported = new Set([4200, -32601])

/**
 * `wallet_switchEthereumChain`; when the wallet does not know the chain
 * (4902, or MetaMask Mobile's nested 4902), `wallet_addEthereumChain` with
 * the chain's parameters from the config, then the switch again.
 */
export async function switchInjectedChain(
  provider: InjectedProvider,
  chain: Chain,
  addEthereumChainParameter?:
    | Omit<AddEthereumChainParameter, 'chainId'>
    | undefined,
) {
  const chainId = numberToHex(chain.id)
  const switchChain = () =>
    provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId }],
    })
  try {
    await switchChain()
    return
  } catch (error) {
    if (providerErrorCode(error) !== unknownChain)
      throw toSwitchError(error, chain.id)
  }
  const blockExplorerUrls = chain.blockExplorers
    ? Object.values(chain.blockExplorers).map(({ url }) => url)
    : undefined
  try {
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId,
          chainName: addEthereumChainParameter?.chainName ?? chain.name,
          nativeCurrency:
            addEthereumChainParameter?.nativeCurrency ?? chain.nativeCurrency,
          rpcUrls: addEthereumChainParameter?.rpcUrls ?? [
            ...chain.rpcUrls.default.http,
          ],
          blockExplorerUrls:
            addEthereumChainParameter?.blockExplorerUrls ?? blockExplorerUrls,
          iconUrls: addEthereumChainParameter?.iconUrls,
        },
      ],
    })
    // Wallets that switch on add answer this at once.
    await switchChain()
  } catch (error) {
    throw toSwitchError(error, chain.id)
  }
}

function toSwitchError(error: unknown, chainId: number) {
  const code = providerErrorCode(error)
  if (code !== undefined && unsupported.has(code))
    return new SwitchChainNotSupportedError({ chainId, cause: error })
  return asSwitchRejection(error, chainId)
}

/** The accounts and chain of a connection, as the wallet last said them. */
type WalletState = { accounts: readonly Address[]; chainId: number }

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

// wagmi's lookups of the connected accounts are answered within 500 ms and
// of the chain id within 1000 ms, so a wallet still loading never holds up
// reconnect.
const accountsLookupMs = 500
const chainIdLookupMs = 1_000

/** The wallet's connected accounts, within the lookup deadline. */
export async function lookUpAccounts(provider: InjectedProvider) {
  return toAddresses(await ask(provider, 'eth_accounts', accountsLookupMs))
}

/** The wallet's chain id, within the lookup deadline. */
export async function lookUpChainId(provider: InjectedProvider) {
  return Number(await ask(provider, 'eth_chainId', chainIdLookupMs))
}

function ask(
  provider: InjectedProvider,
  method: 'eth_accounts' | 'eth_chainId',
  deadlineMs: number,
) {
  return withTimeout(
    provider.request({ method }),
    deadlineMs,
    () => new WalletTimeoutError({ method, timeoutMs: deadlineMs }),
  )
}
