import type { CreateConnectorFn } from '@wagmi/core'
import {
  type Address,
  createClient,
  custom,
  numberToHex,
  ResourceUnavailableRpcError,
} from 'viem'
import { configuredChain } from '../core/chains.js'
import {
  ConnectionRejectedError,
  isWalletRejection,
  ProviderNotFoundError,
  userRejection,
} from '../core/connectionErrors.js'
import { defaultChainIdBeforeConnecting } from '../core/connector.js'
import { withTimeout } from '../core/deadlines.js'
import { createSupersession } from '../core/lifecycle.js'
import { SessionNotFoundError } from '../core/sessionNotFound.js'
import { providerErrorCode, toAddresses } from '../core/walletAnswers.js'
import type { WalletDescriptor } from '../wallets/walletRegistry.js'
import {
  InAppBrowserNotFoundError,
  RedirectedToWalletError,
  WalletTimeoutError,
} from './errors.js'
import { switchInjectedChain } from './switchInjectedChain.js'
import type {
  InjectedProvider,
  InjectedStorageItem,
  InjectedSwitchChainParameters,
  InjectedWalletConnectParameters,
  MissingWallet,
} from './types.js'

type ConnectorConfig = Parameters<
  CreateConnectorFn<
    InjectedProvider,
    Record<string, unknown>,
    InjectedStorageItem
  >
>[0]

export type InjectedRuntimeParameters = {
  config: ConnectorConfig
  wallet: WalletDescriptor
  shimDisconnect: boolean
  /** The storage key `disconnect()` sets while shimDisconnect holds the wallet off. */
  disconnectedKey: `${string}.disconnected`
  /** The wallet's provider in this page now, if any. */
  find(): InjectedProvider | undefined
}

// Some wallets never answer a revoke: a disconnect does not wait on them.
const revokeMs = 100

/**
 * What `injectedWallet` does once there is a wallet to talk to: connect,
 * reconnect, switch, disconnect and the wallet's events. Loaded on first
 * use, so a page that only lists the wallet does not carry it.
 */
export function createInjectedRuntime({
  config,
  wallet,
  shimDisconnect,
  disconnectedKey,
  find,
}: InjectedRuntimeParameters) {
  const storage = config.storage
  const notFound = () =>
    new ProviderNotFoundError({ installUrl: wallet.installUrl })

  const connection = createInjectedConnection(config)
  // wagmi's reconnect asks isAuthorized, then connect: one eth_accounts serves both.
  let authorized: { accounts: readonly Address[]; at: number } | undefined
  const authorizedFor = 1_000

  const runtime = {
    /** The error `connect()` rejects with when the wallet is not in the page. */
    missingWalletError(missing: MissingWallet) {
      if (missing.reason === 'noInAppBrowser')
        return new InAppBrowserNotFoundError({ wallet: wallet.name })
      if (missing.reason === 'redirected')
        return new RedirectedToWalletError({
          wallet: wallet.name,
          link: missing.link,
        })
      return notFound()
    },
    /** Connects to `provider`, the wallet's provider found by the connector. */
    async connect(
      provider: InjectedProvider,
      {
        chainId,
        isReconnecting,
        withCapabilities,
      }: InjectedWalletConnectParameters,
    ) {
      let accounts: readonly Address[]
      try {
        if (isReconnecting)
          accounts =
            authorized && performance.now() - authorized.at < authorizedFor
              ? authorized.accounts
              : await lookUpAccounts(provider)
        else {
          if (shimDisconnect && (await storage?.getItem(disconnectedKey)))
            await askForAccounts(provider)
          accounts = toAddresses(
            await provider.request({ method: 'eth_requestAccounts' }),
          )
        }
      } catch (error) {
        throw toConnectError(error)
      }
      // A wallet that no longer grants this site: nothing to reconnect to.
      if (accounts.length === 0) throw new SessionNotFoundError()
      let currentChainId = await lookUpChainId(provider)
      if (chainId !== undefined && chainId !== currentChainId) {
        const chain = await runtime
          .switchChain({ chainId })
          .catch((error: unknown) => {
            // As wagmi's own connectors: a refused switch is a refused connect.
            if (isWalletRejection(error)) throw error
            return undefined
          })
        currentChainId = chain?.id ?? currentChainId
      }
      authorized = undefined
      // Only a connection that went through is remembered.
      await storage?.removeItem(disconnectedKey)
      connection.opened(provider, { accounts, chainId: currentChainId })
      return {
        accounts: withCapabilities
          ? accounts.map((address) => ({ address, capabilities: {} }))
          : accounts,
        chainId: currentChainId,
      }
    },
    async disconnect() {
      const provider = connection.provider ?? find()
      connection.closed()
      if (!shimDisconnect) return
      await storage?.setItem(disconnectedKey, true)
      await withTimeout(
        provider?.request({
          method: 'wallet_revokePermissions',
          params: [{ eth_accounts: {} }],
        }) ?? Promise.resolve(),
        revokeMs,
        () =>
          new WalletTimeoutError({
            method: 'wallet_revokePermissions',
            timeoutMs: revokeMs,
          }),
      ).catch(() => undefined)
    },
    async getAccounts() {
      const known = connection.state
      if (known) return known.accounts
      const provider = find()
      if (!provider) throw notFound()
      return lookUpAccounts(provider)
    },
    async getChainId() {
      // Connected: what the wallet said last (its chainChanged events keep it current).
      const known = connection.state
      if (known) return known.chainId
      const provider = find()
      // No wallet to ask, so nothing connected: chain 1, as every connector before connecting (docs/injected.md).
      if (!provider) return defaultChainIdBeforeConnecting
      return lookUpChainId(provider)
    },
    /**
     * The client wagmi's actions use: wagmi's own, on a transport that
     * answers `eth_chainId` and `eth_accounts` from what the wallet said.
     */
    async getClient({ chainId }: { chainId?: number | undefined } = {}) {
      const provider = find()
      if (!provider) throw notFound()
      const known = connection.state
      const id = chainId ?? known?.chainId
      return createClient({
        account: known?.accounts[0],
        chain: config.chains.find((chain) => chain.id === id),
        name: 'Connector Client',
        transport: (options) =>
          custom(connection.answeringFromState(provider))({
            ...options,
            retryCount: 0,
          }),
      })
    },
    async isAuthorized() {
      try {
        if (shimDisconnect && (await storage?.getItem(disconnectedKey)))
          return false
        const provider = find()
        if (!provider) return false
        // MetaMask may answer nothing while it loads: one more try.
        const accounts = await lookUpAccounts(provider).catch(() =>
          lookUpAccounts(provider),
        )
        authorized = { accounts, at: performance.now() }
        return accounts.length > 0
      } catch {
        return false
      }
    },
    async switchChain({
      chainId,
      addEthereumChainParameter,
    }: InjectedSwitchChainParameters) {
      const chain = configuredChain(config.chains, chainId)
      const provider = find()
      if (!provider) throw notFound()
      await switchInjectedChain(provider, chain, addEthereumChainParameter)
      connection.switched(chainId)
      // Some wallets switch without saying so: wagmi hears it from us.
      config.emitter.emit('change', { chainId })
      return chain
    },
    onAccountsChanged: connection.onAccountsChanged,
    onChainChanged: connection.onChainChanged,
    onDisconnect: connection.onDisconnect,
  }
  return runtime
}

async function askForAccounts(provider: InjectedProvider) {
  // Shows the wallet's account picker again; wallets without the method connect as before.
  await provider
    .request({
      method: 'wallet_requestPermissions',
      params: [{ eth_accounts: {} }],
    })
    .catch((error: unknown) => {
      if (isWalletRejection(error)) throw error
    })
}

function toConnectError(error: unknown) {
  const code = providerErrorCode(error)
  if (isWalletRejection(error))
    return userRejection(new ConnectionRejectedError({ cause: error }))
  if (code === ResourceUnavailableRpcError.code)
    return new ResourceUnavailableRpcError(error as Error)
  return error
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
function createInjectedConnection({
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
async function lookUpAccounts(provider: InjectedProvider) {
  return toAddresses(await ask(provider, 'eth_accounts', accountsLookupMs))
}

/** The wallet's chain id, within the lookup deadline. */
async function lookUpChainId(provider: InjectedProvider) {
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
