import type { CreateConnectorFn } from '@wagmi/core'
import {
  type AddEthereumChainParameter,
  type Address,
  createClient,
  custom,
  getAddress,
  isAddress,
  numberToHex,
  ResourceUnavailableRpcError,
  UserRejectedRequestError,
} from 'viem'
import { createSupersession } from '../core/createSupersession.js'
import { defaultChainIdBeforeConnecting } from '../core/defaultChainIdBeforeConnecting.js'
import { ChainNotConfiguredError } from '../core/errors/chain.js'
import { ProviderNotFoundError } from '../core/errors/connection.js'
import { SessionNotFoundError } from '../core/errors/SessionNotFoundError.js'
import { withTimeout } from '../core/withTimeout.js'
import type { WalletDescriptor } from '../wallets/walletRegistry.js'
import type { InjectedProvider } from './eip1193.js'
import { InAppBrowserNotFoundError, RedirectedToWalletError } from './errors.js'
import { providerErrorCode } from './providerErrorCode.js'
import { switchInjectedChain } from './switchInjectedChain.js'

/** The connector's own storage key: set while shimDisconnect holds the wallet off. */
export type InjectedStorageItem = { [key: `${string}.disconnected`]: true }

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

/** Why `connect()` found no provider, as the connector saw it (and, on a phone, acted on it). */
export type MissingWallet =
  | { reason: 'notFound' }
  | { reason: 'noInAppBrowser' }
  | { reason: 'redirected'; link: string }

export type InjectedRuntime = ReturnType<typeof createInjectedRuntime>

// SPEC §9: connected accounts within 500 ms, the chain id within 1000 ms.
const accountsLookupMs = 500
const chainIdLookupMs = 1_000
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

  let listening: InjectedProvider | undefined
  /**
   * What the wallet told us since connect (its answer, then its events and
   * our switches): wagmi's checks before each request are answered from
   * it, so a signature or a send is one wallet request.
   */
  let told: { accounts: readonly Address[]; chainId: number } | undefined
  /** The wallet's `request` for wagmi's client, answering `eth_chainId` and `eth_accounts` from `told`. */
  const answering = (wallet: InjectedProvider) => ({
    request(args: { method: string; params?: unknown }) {
      if (told && listening === wallet) {
        if (args.method === 'eth_chainId')
          return Promise.resolve(numberToHex(told.chainId))
        if (args.method === 'eth_accounts')
          return Promise.resolve([...told.accounts])
      }
      return wallet.request(args as never)
    },
  })

  // wagmi's reconnect asks isAuthorized, then connect: one eth_accounts serves both.
  let authorized: { accounts: readonly Address[]; at: number } | undefined
  const authorizedFor = 1_000

  // A wallet still loading must not hold wagmi's reconnect forever (SPEC §9 lookups).
  const accountsOf = async (provider: InjectedProvider) =>
    toAddresses(
      await withTimeout(
        provider.request({ method: 'eth_accounts' }),
        accountsLookupMs,
        () => new Error('eth_accounts timed out'),
      ),
    )
  const chainIdOf = async (provider: InjectedProvider) =>
    Number(
      await withTimeout(
        provider.request({ method: 'eth_chainId' }),
        chainIdLookupMs,
        () => new Error('eth_chainId timed out'),
      ),
    )

  type Events = readonly (readonly [string, () => (...args: any[]) => void])[]
  const whileConnected: Events = [
    ['accountsChanged', () => runtime.onAccountsChanged],
    ['chainChanged', () => runtime.onChainChanged],
    ['disconnect', () => runtime.onDisconnect],
  ]
  // After the wallet itself ended the connection (locked): its accounts coming back reconnect.
  const whileLocked: Events = [
    ['accountsChanged', () => runtime.onAccountsChanged],
  ]
  let heard: Events = []
  // Superseded by each account event while locked: only the latest may reconnect.
  const unlocks = createSupersession()
  const listen = (provider: InjectedProvider, events = whileConnected) => {
    if (listening === provider && heard === events) return
    stopListening()
    for (const [event, handler] of events) provider.on?.(event, handler())
    listening = provider
    heard = events
  }
  const stopListening = () => {
    const provider = listening
    const remove = provider?.removeListener ?? provider?.off
    for (const [event, handler] of heard)
      remove?.call(provider, event, handler())
    listening = undefined
    heard = []
  }

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
      }: {
        chainId?: number | undefined
        isReconnecting?: boolean | undefined
        withCapabilities?: boolean | undefined
      },
    ) {
      let accounts: readonly Address[]
      try {
        if (isReconnecting)
          accounts =
            authorized && performance.now() - authorized.at < authorizedFor
              ? authorized.accounts
              : await accountsOf(provider)
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
      let currentChainId = await chainIdOf(provider)
      if (chainId !== undefined && chainId !== currentChainId) {
        const chain = await runtime
          .switchChain({ chainId })
          .catch((error: unknown) => {
            // As wagmi's own connectors: a refused switch is a refused connect.
            if (providerErrorCode(error) === 4001 || isRejection(error))
              throw new UserRejectedRequestError(error as Error)
            return undefined
          })
        currentChainId = chain?.id ?? currentChainId
      }
      authorized = undefined
      // Only a connection that went through is remembered.
      await storage?.removeItem(disconnectedKey)
      told = { accounts, chainId: currentChainId }
      listen(provider)
      return {
        accounts: withCapabilities
          ? accounts.map((address) => ({ address, capabilities: {} }))
          : accounts,
        chainId: currentChainId,
      }
    },
    async disconnect() {
      const provider = listening ?? find()
      told = undefined
      stopListening()
      if (!shimDisconnect) return
      await storage?.setItem(disconnectedKey, true)
      await withTimeout(
        provider?.request({
          method: 'wallet_revokePermissions',
          params: [{ eth_accounts: {} }],
        }) ?? Promise.resolve(),
        revokeMs,
        new Error('revoke timed out'),
      ).catch(() => undefined)
    },
    async getAccounts() {
      if (told && listening) return told.accounts
      const provider = find()
      if (!provider) throw notFound()
      return accountsOf(provider)
    },
    async getChainId() {
      // Connected: what the wallet said last (its chainChanged events keep it current).
      if (told && listening) return told.chainId
      const provider = find()
      // SPEC §9: no wallet to ask, so nothing connected: chain 1.
      if (!provider) return defaultChainIdBeforeConnecting
      return chainIdOf(provider)
    },
    /**
     * The client wagmi's actions use: wagmi's own, on a transport that
     * answers `eth_chainId` and `eth_accounts` from what the wallet said.
     */
    async getClient({ chainId }: { chainId?: number | undefined } = {}) {
      const wallet = find()
      if (!wallet) throw notFound()
      const id = chainId ?? told?.chainId
      return createClient({
        account: told?.accounts[0],
        chain: config.chains.find((chain) => chain.id === id),
        name: 'Connector Client',
        transport: (options) =>
          custom(answering(wallet))({ ...options, retryCount: 0 }),
      })
    },
    async isAuthorized() {
      try {
        if (shimDisconnect && (await storage?.getItem(disconnectedKey)))
          return false
        const provider = find()
        if (!provider) return false
        // MetaMask may answer nothing while it loads: one more try.
        const accounts = await accountsOf(provider).catch(() =>
          accountsOf(provider),
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
    }: {
      chainId: number
      addEthereumChainParameter?:
        | Omit<AddEthereumChainParameter, 'chainId'>
        | undefined
    }) {
      const chain = config.chains.find((c) => c.id === chainId)
      if (!chain) throw new ChainNotConfiguredError({ chainId })
      const provider = find()
      if (!provider) throw notFound()
      await switchInjectedChain(provider, chain, addEthereumChainParameter)
      if (told) told = { ...told, chainId }
      // Some wallets switch without saying so: wagmi hears it from us.
      config.emitter.emit('change', { chainId })
      return chain
    },
    onAccountsChanged(accounts: string[]) {
      const addresses = toAddresses(accounts)
      if (heard === whileLocked) {
        unlocks.supersede()
        if (addresses.length > 0) void reconnectUnlocked()
      } else if (addresses.length === 0) runtime.onDisconnect()
      else {
        if (told) told = { ...told, accounts: addresses }
        config.emitter.emit('change', { accounts: addresses })
      }
    },
    onChainChanged(chain: string) {
      const chainId = Number(chain)
      if (told) told = { ...told, chainId }
      config.emitter.emit('change', { chainId })
    },
    onDisconnect(error?: Error) {
      // MetaMask's 1013 means it is reconnecting to its node, not that the user left.
      if (providerErrorCode(error) === 1013) {
        const provider = listening
        if (provider)
          void accountsOf(provider)
            .then((accounts) => {
              if (accounts.length === 0) runtime.onDisconnect()
            })
            .catch(() => undefined)
        return
      }
      told = undefined
      const provider = listening
      if (provider) listen(provider, whileLocked)
      else stopListening()
      config.emitter.emit('disconnect')
    },
  }

  /**
   * As wagmi's injected(): a wallet unlocked again connects (and becomes
   * wagmi's current connection) while wagmi listens for this connector.
   */
  async function reconnectUnlocked() {
    const provider = listening
    const asked = unlocks.current()
    if (!provider || config.emitter.listenerCount('connect') === 0) return
    const [accounts, chainId] = await Promise.all([
      accountsOf(provider),
      chainIdOf(provider),
    ]).catch(() => [[], undefined] as const)
    // A later event, or the app, may have moved on while the wallet answered.
    if (asked.aborted || heard !== whileLocked) return
    if (accounts.length === 0 || chainId === undefined) return
    told = { accounts, chainId }
    listen(provider)
    config.emitter.emit('connect', { accounts, chainId })
  }
  return runtime
}

function toAddresses(accounts: unknown): readonly Address[] {
  if (!Array.isArray(accounts)) return []
  return accounts
    .filter((account): account is string => isAddress(String(account)))
    .map((account) => getAddress(account))
}

async function askForAccounts(provider: InjectedProvider) {
  // Shows the wallet's account picker again; wallets without the method connect as before.
  await provider
    .request({
      method: 'wallet_requestPermissions',
      params: [{ eth_accounts: {} }],
    })
    .catch((error: unknown) => {
      if (providerErrorCode(error) === 4001) throw error
    })
}

function toConnectError(error: unknown) {
  const code = providerErrorCode(error)
  if (code === 4001) return new UserRejectedRequestError(error as Error)
  if (code === ResourceUnavailableRpcError.code)
    return new ResourceUnavailableRpcError(error as Error)
  return error
}

function isRejection(error: unknown) {
  return (error as { name?: unknown })?.name === 'SwitchChainRejectedError'
}
