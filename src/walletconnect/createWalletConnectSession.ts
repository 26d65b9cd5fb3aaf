import { type CreateConnectorFn, extractRpcUrls } from '@wagmi/core'
import { type Address, getAddress, isAddress, numberToHex } from 'viem'
import { parseCaipAccount } from '../core/caip/parseCaipAccount.js'
import { createConnectorStorage } from '../core/createConnectorStorage.js'
import type { Listeners } from '../core/createListeners.js'
import { createSerialQueue } from '../core/createSerialQueue.js'
import { detectPlatform } from '../core/detectPlatform.js'
import {
  ChainNotConfiguredError,
  SwitchChainOnlyInWalletError,
  SwitchChainUnavailableError,
} from '../core/errors/chain.js'
import {
  ProviderNotFoundError,
  SessionNotFoundError,
} from '../core/errors/connection.js'
import { withTimeout } from '../core/withTimeout.js'
import { isAllowedDeepLink } from '../wallets/isAllowedDeepLink.js'
import type { WalletId } from '../wallets/walletIds.js'
import {
  type WalletDescriptor,
  walletRegistry,
} from '../wallets/walletRegistry.js'
import { PairingAbortedError } from './errors.js'
import { pairWithRetries } from './pairWithRetries.js'
import { peerWalletLinks } from './peerWalletLinks.js'
import {
  chooseWalletLink,
  type DeepLinkPreference,
  toPairingLinks,
  toRequestLink,
} from './toPairingLinks.js'
import type {
  WalletConnectDeepLinkParameters,
  WalletConnectPairing,
} from './walletConnectDeepLink.js'

type EthereumProvider = Awaited<
  ReturnType<
    typeof import('@walletconnect/ethereum-provider')['EthereumProvider']['init']
  >
>

type ConnectorConfig = Parameters<CreateConnectorFn>[0]

// SPEC §9.
const chainIdLookupTimeoutMs = 1000
const accountsLookupTimeoutMs = 500
const defaultChainIdBeforeConnecting = 1
const proposalLifetimeMs = 5 * 60_000
// The SDK's own redirect reads this key first; we open the wallet ourselves.
const sdkDeepLinkKey = 'WALLETCONNECT_DEEPLINK_CHOICE'
const requestsForTheUser = new Set([
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_signTransaction',
  'wallet_addEthereumChain',
  'wallet_sendCalls',
])
const forwardedEvents = [
  'accountsChanged',
  'chainChanged',
  'connect',
  'disconnect',
  'message',
  'session_delete',
  'display_uri',
]

function clearSdkDeepLink() {
  try {
    globalThis.localStorage?.removeItem(sdkDeepLinkKey)
  } catch {
    // Storage may be blocked; nothing to clear then.
  }
}

export type WalletConnectSession = ReturnType<typeof createWalletConnectSession>

/**
 * Everything walletConnectDeepLink does once the host uses it: the SDK, the
 * pairing with its retries, the session and its storage, the phone redirect.
 * Loaded after the page, so a host's first load carries only the connector's
 * shell.
 */
export function createWalletConnectSession({
  parameters,
  deepLink,
  switching,
  wallet: walletParameter,
  hostSchemes,
  config,
  listeners,
}: {
  parameters: WalletConnectDeepLinkParameters
  deepLink: DeepLinkPreference
  switching: 'app' | 'wallet'
  wallet: WalletId | WalletDescriptor | undefined
  hostSchemes: string[]
  /** wagmi's connector config: chains, transports, storage, emitter. */
  config: ConnectorConfig
  /** The host's listeners on the connector's stable provider. */
  listeners: Listeners
}) {
  const wallet: WalletDescriptor | undefined =
    typeof walletParameter === 'string'
      ? walletRegistry[walletParameter]
      : walletParameter
  const chainIds = config.chains.map((chain) => chain.id)
  const storage = createConnectorStorage({
    storage: config.storage,
    key: 'walletConnectDeepLink',
    chainIds,
  })
  let current: Promise<EthereumProvider> | undefined
  let pairing: WalletConnectPairing | undefined
  let attempt = 0
  // Bumped by disconnect: a pairing still waiting is abandoned.
  let generation = 0

  async function init(): Promise<EthereumProvider> {
    const sdk = await import('@walletconnect/ethereum-provider').catch(
      (cause: unknown) => {
        throw new ProviderNotFoundError({
          cause,
          metaMessages: [
            'Install the optional peer: npm install @walletconnect/ethereum-provider@">=2.21.8 <3"',
          ],
        })
      },
    )
    const rpcMap = Object.fromEntries(
      config.chains.flatMap((chain) => {
        const [url] = extractRpcUrls({ chain, transports: config.transports })
        return url ? [[chain.id, url]] : []
      }),
    )
    const provider = await sdk.EthereumProvider.init({
      projectId: parameters.projectId,
      metadata: parameters.metadata,
      relayUrl: parameters.relayUrl,
      // The host renders the URI: no modal code is loaded.
      showQrModal: false,
      // Every chain optional, none required: `chains` + `optionalChains` merge by index and lose chains.
      optionalChains: chainIds as [number, ...number[]],
      rpcMap,
      disableProviderPing: true,
      customStoragePrefix: parameters.storagePrefix ?? 'wagmi-connector-pack',
    })
    provider.on('display_uri', (uri: string) => {
      pairing = {
        uri,
        ...toPairingLinks(uri, {
          wallet: wallet?.walletConnect,
          preference: deepLink,
          extraSchemes: hostSchemes,
        }),
        attempt,
        expiresAt: Date.now() + proposalLifetimeMs,
      }
      config.emitter.emit('message', { type: 'display_uri', data: uri })
    })
    provider.on('accountsChanged', (accounts: string[]) =>
      connector.onAccountsChanged(accounts),
    )
    provider.on('chainChanged', (chainId: string) =>
      connector.onChainChanged(chainId),
    )
    // The SDK reports one remote end twice (session_delete, then disconnect).
    provider.on('session_delete', () => void connector.onDisconnect())
    provider.on('disconnect', () => void connector.onDisconnect())
    // The host's listeners live on the stable wrapper; each SDK provider forwards to them.
    for (const event of forwardedEvents)
      provider.on(event as never, (...args: unknown[]) =>
        listeners.emit(event, ...args),
      )
    return provider
  }
  /** A rejected pairing leaves its provider behind: it must no longer call us. */
  function retire(old: EthereumProvider | undefined) {
    old?.events.removeAllListeners()
  }
  const load = () => {
    current ??= init()
    current.catch(() => {
      current = undefined
    })
    return current
  }

  /** The wallet's link for requests: the chosen wallet's, or the peer's redirect if it is safe. */
  function walletLink(provider: EthereumProvider) {
    const peer = provider.session?.peer.metadata
    return (
      chooseWalletLink(wallet?.walletConnect, deepLink, hostSchemes) ??
      chooseWalletLink(peerWalletLinks(peer), deepLink)
    )
  }

  /** On a phone, opens the wallet app within the user's tap, before anything is awaited. */
  function bringWalletForward(provider: EthereumProvider | undefined) {
    if (!provider?.session || !detectPlatform().isMobile) return
    const link = walletLink(provider)
    if (!link || !isAllowedDeepLink(link, hostSchemes)) return
    const url = toRequestLink(link, provider.session.topic)
    window.open(
      url,
      url.startsWith('https:') ? '_blank' : '_self',
      'noreferrer noopener',
    )
  }

  // One request before the wallet at a time, in order. Also: the SDK's request
  // ids are the millisecond plus 3 random digits, so two sent at once can share
  // one and a caller gets the other's answer.
  const toWallet = createSerialQueue()
  const dropWaitingRequests = () => toWallet.clear(new SessionNotFoundError())
  let loaded: EthereumProvider | undefined
  // The session wagmi knows about; cleared once its end was reported.
  let connectedTopic: string | undefined
  let abortPairing: (() => void) | undefined
  let pairingInFlight: Promise<void> | undefined

  function sessionChainIds(wc: EthereumProvider) {
    const namespace = wc.session?.namespaces.eip155
    const fromAccounts = (namespace?.accounts ?? []).map((account) =>
      Number(account.split(':')[1]),
    )
    const fromChains = (namespace?.chains ?? []).map((chain) =>
      Number(chain.split(':')[1]),
    )
    return [...new Set([...fromChains, ...fromAccounts])]
  }

  async function remember(wc: EthereumProvider) {
    connectedTopic = wc.session?.topic
    const [address] = wc.accounts
    if (address) await storage.set('activeAccount', getAddress(address))
    if (wc.session) await storage.set('sessionTopic', wc.session.topic)
    if (chainIds.includes(wc.chainId)) await storage.set('chainId', wc.chainId)
  }

  async function pair(target: number) {
    const started = generation
    let wc = await load()
    await pairWithRetries({
      async pairOnce(next) {
        attempt = next
        const pending = wc.connect({
          optionalChains: [target, ...chainIds.filter((id) => id !== target)],
        })
        const session = wc
        // Approved after the host gave up: end that session instead of keeping it.
        pending.then(
          () => {
            if (started !== generation)
              void session.disconnect().catch(() => undefined)
          },
          () => undefined,
        )
        await Promise.race([
          pending,
          new Promise<never>((_, reject) => {
            abortPairing = () => reject(new PairingAbortedError())
          }),
        ])
      },
      async reinitialise() {
        retire(wc)
        current = undefined
        wc = await load()
      },
      aborted: () => started !== generation,
    }).finally(() => {
      abortPairing = undefined
    })
  }

  const connector = {
    /** The stable provider's requests: on a phone, the wallet opens before anything is awaited. */
    request(args: { method: string; params?: unknown }): Promise<any> {
      if (requestsForTheUser.has(args.method)) bringWalletForward(loaded)
      return (async () => {
        const wc = await load()
        if (!wc.session) {
          if (args.method === 'eth_chainId')
            return numberToHex(defaultChainIdBeforeConnecting)
          throw new SessionNotFoundError()
        }
        if (!requestsForTheUser.has(args.method))
          return wc.request(args as never)
        // Sent in the session and on the chain it was asked in, or not at all.
        const { topic } = wc.session
        const chain = `eip155:${wc.chainId}`
        return toWallet.enqueue(async () => {
          if (wc.session?.topic !== topic) throw new SessionNotFoundError()
          return wc.signer.request(args as never, chain)
        })
      })()
    },
    /** Loads the SDK early, off the critical path (the connector's setup). */
    preload() {
      void load()
        .then((wc) => {
          loaded = wc
        })
        .catch(() => undefined)
    },
    getPairing: () => pairing,
    getSessionAccounts() {
      const accounts = Object.values(loaded?.session?.namespaces ?? {}).flatMap(
        (namespace) => namespace.accounts,
      )
      return accounts.flatMap((account) => {
        try {
          return [parseCaipAccount(account)]
        } catch {
          return []
        }
      })
    },
    async connect(connectParameters: object = {}) {
      const {
        chainId: requestedChainId,
        isReconnecting,
        withCapabilities,
      } = connectParameters as {
        chainId?: number
        isReconnecting?: boolean
        withCapabilities?: boolean
      }
      if (
        requestedChainId !== undefined &&
        !chainIds.includes(requestedChainId)
      )
        throw new ChainNotConfiguredError({ chainId: requestedChainId })
      let wc = await load()
      loaded = wc
      if (isReconnecting) {
        if (!wc.session) throw new SessionNotFoundError()
      } else {
        if (wc.session) {
          // A stale session: gone from the wallet's view too, and from ours.
          await wc.disconnect().catch(() => undefined)
          await storage.clear()
        }
        clearSdkDeepLink()
        // A second connect() while the first waits joins it: one URI, one pairing.
        pairingInFlight ??= pair(requestedChainId ?? chainIds[0]!).finally(
          () => {
            pairingInFlight = undefined
            pairing = undefined
          },
        )
        await pairingInFlight
        wc = await load()
        loaded = wc
      }
      if (
        requestedChainId !== undefined &&
        requestedChainId !== wc.chainId &&
        sessionChainIds(wc).includes(requestedChainId)
      )
        await wc.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: numberToHex(requestedChainId) }],
        })
      const accounts = wc.accounts.map((a) => getAddress(a))
      await remember(wc)
      return {
        accounts: (withCapabilities
          ? accounts.map((address) => ({ address, capabilities: {} }))
          : accounts) as never,
        chainId: wc.chainId,
      }
    },
    async disconnect() {
      generation++
      abortPairing?.()
      pairing = undefined
      connectedTopic = undefined
      dropWaitingRequests()
      const wc = await current?.catch(() => undefined)
      try {
        await wc?.disconnect()
      } catch (error) {
        if (!/No matching key/i.test((error as Error).message)) throw error
      } finally {
        clearSdkDeepLink()
        await storage.clear()
      }
    },
    async getAccounts(): Promise<readonly Address[]> {
      const lookup = (async () => {
        const wc = await current
        if (!wc?.session) return []
        return wc.request<string[]>({ method: 'eth_accounts' })
      })()
      const accounts = await withTimeout(
        lookup,
        accountsLookupTimeoutMs,
        () => new SessionNotFoundError(),
      ).catch(() => loaded?.accounts ?? [])
      return accounts.filter((a) => isAddress(a)).map((a) => getAddress(a))
    },
    async getChainId() {
      const lookup = (async () => {
        const wc = await current
        if (!wc?.session) return defaultChainIdBeforeConnecting
        return Number(await wc.request<string>({ method: 'eth_chainId' }))
      })()
      return withTimeout(
        lookup,
        chainIdLookupTimeoutMs,
        () => new SessionNotFoundError(),
      ).catch(() =>
        loaded?.session ? loaded.chainId : defaultChainIdBeforeConnecting,
      )
    },
    async isAuthorized() {
      try {
        const wc = await withTimeout(
          load(),
          chainIdLookupTimeoutMs * 10,
          () => new ProviderNotFoundError(),
        )
        loaded = wc
        return Boolean(wc.session && wc.accounts.length > 0)
      } catch {
        return false
      }
    },
    async switchChain({ chainId }: { chainId: number }) {
      const chain = config.chains.find((c) => c.id === chainId)
      if (!chain) throw new ChainNotConfiguredError({ chainId })
      const wc = await load()
      if (!wc.session) throw new SessionNotFoundError()
      if (switching === 'wallet')
        throw new SwitchChainOnlyInWalletError({ chainId })
      if (!sessionChainIds(wc).includes(chainId))
        throw new SwitchChainUnavailableError({ chainId })
      const methods = wc.session.namespaces.eip155?.methods ?? []
      if (!methods.includes('wallet_switchEthereumChain'))
        throw new SwitchChainOnlyInWalletError({ chainId })
      // An approved chain: the provider switches locally and emits chainChanged.
      await wc.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: numberToHex(chainId) }],
      })
      await storage.set('chainId', chainId)
      config.emitter.emit('change', { chainId })
      return chain
    },
    onAccountsChanged(accounts: string[]) {
      if (accounts.length === 0) {
        void connector.onDisconnect()
        return
      }
      const addresses = accounts
        .filter((a) => isAddress(a))
        .map((a) => getAddress(a))
      if (addresses.length === 0) return
      void storage.set('activeAccount', addresses[0]!).catch(() => undefined)
      config.emitter.emit('change', { accounts: addresses })
    },
    onChainChanged(chain: string | number) {
      const chainId = Number(chain)
      if (chainIds.includes(chainId))
        void storage.set('chainId', chainId).catch(() => undefined)
      config.emitter.emit('change', { chainId })
    },
    async onDisconnect() {
      if (!connectedTopic) return
      connectedTopic = undefined
      dropWaitingRequests()
      clearSdkDeepLink()
      await storage.clear()
      config.emitter.emit('disconnect')
    },
  }
  return connector
}
