import type { CreateConnectorFn } from '@wagmi/core'
import {
  type Address,
  createClient,
  custom,
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
import { SessionNotFoundError } from '../core/sessionNotFound.js'
import { createValidatedStorage } from '../core/storage.js'
import { providerErrorCode, toAddresses } from '../core/walletAnswers.js'
import {
  InAppBrowserNotFoundError,
  RedirectedToWalletError,
  WalletTimeoutError,
} from './errors.js'
import {
  checkInjectedWalletParameters,
  type InjectedProvider,
  type InjectedStorageItem,
  type InjectedSwitchChainParameters,
  type InjectedWalletConnectParameters,
  type InjectedWalletParameters,
  type MissingWallet,
} from './injectedParameters.js'
import {
  createInjectedConnection,
  lookUpAccounts,
  lookUpChainId,
  switchInjectedChain,
} from './injectedProvider.js'

type ConnectorConfig = Parameters<
  CreateConnectorFn<
    InjectedProvider,
    Record<string, unknown>,
    InjectedStorageItem
  >
>[0]

export type InjectedRuntimeParameters = {
  config: ConnectorConfig
  /** As the host gave them: checked here, each bad one a typed error. */
  parameters: InjectedWalletParameters
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
  parameters,
  find,
}: InjectedRuntimeParameters) {
  const { wallet, shimDisconnect } = checkInjectedWalletParameters(parameters)
  // `<wallet id>.disconnected`: set while shimDisconnect holds the wallet off.
  const storage = createValidatedStorage<{ disconnected: true }>(
    config.storage,
    wallet.id,
    { disconnected: (value) => (value === true ? true : undefined) },
  )
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
          if (shimDisconnect && (await storage.get('disconnected')))
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
      await storage.remove('disconnected')
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
      await storage.set('disconnected', true)
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
        if (shimDisconnect && (await storage.get('disconnected'))) return false
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
