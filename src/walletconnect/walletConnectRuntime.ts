import type { CreateConnectorFn } from '@wagmi/core'
import { type Address, getAddress, numberToHex } from 'viem'
import { parseCaipAccount } from '../core/caip.js'
import { configuredChain } from '../core/chains.js'
import type { Listeners } from '../core/connector.js'
import { defaultChainIdBeforeConnecting } from '../core/connector.js'
import { withTimeout } from '../core/deadlines.js'
import {
  createSerialQueue,
  createSupersession,
  type SerialQueue,
  singleFlight,
} from '../core/lifecycle.js'
import { SessionNotFoundError } from '../core/sessionNotFound.js'
import type { ConnectorStorage } from '../core/storage.js'
import { toAddresses } from '../core/walletAnswers.js'
import { IncompleteSessionError, PairingAbortedError } from './errors.js'
import { clearSdkDeepLink, openWalletForRequest } from './openWallet.js'
import { createPairing } from './pairing.js'
import { findMissingRequirements } from './requirements.js'
import {
  checkChainSwitch,
  needsTheUser,
  sessionChainIds,
} from './sessionRules.js'
import {
  createSignClient,
  endSessionsOtherThan,
  type SignClientModule,
} from './signClient.js'
import {
  parseWalletConnectParameters,
  type WalletConnectDeepLinkParameters,
} from './walletConnectParameters.js'
import {
  createSignClientProvider,
  type SignClientProvider,
} from './walletConnectProvider.js'

// The connector's runtime, which the shell (walletConnectDeepLink.ts) loads on
// first use, and what only it uses: keeping or refusing
// a session, the SDK's session events passed on to wagmi, ending a session
// once, and the lookups of accounts and chain.

type ConnectorConfig = Parameters<CreateConnectorFn>[0]

// A disconnect waits this long for the relay to take the end to the wallet.
const relayDisconnectDeadlineMs = 5000

export type CreateWalletConnectRuntimeParameters = {
  /**
   * `@walletconnect/sign-client`, being imported by the connector beside this
   * module: awaited once the options are checked, so a bad option is named
   * even when the SDK cannot load.
   */
  sdk: Promise<SignClientModule>
  /** As the host gave them: checked here, each bad one a typed error. */
  parameters: WalletConnectDeepLinkParameters
  /** wagmi's connector config: chains, transports, emitter. */
  config: ConnectorConfig
  /** The connector's entries in wagmi's storage (docs/walletconnect.md, State). */
  storage: ConnectorStorage<'sessionTopic'>
  /** The host's listeners on the connector's stable provider. */
  listeners: Listeners
}

export type WalletConnectRuntime = Awaited<
  ReturnType<typeof createWalletConnectRuntime>
>

/**
 * Everything walletConnectDeepLink does once the SDK is loaded: the pairing
 * (prepared ahead or on connect, with its retries), the session it yields
 * (refused without what it must have, else stored), requests to the wallet
 * and the phone redirect that goes with them.
 */
export async function createWalletConnectRuntime({
  sdk,
  parameters,
  config,
  storage,
  listeners,
}: CreateWalletConnectRuntimeParameters) {
  const { deepLink, switching, wallet, hostSchemes } =
    parseWalletConnectParameters(parameters)
  const chainIds = config.chains.map((chain) => chain.id)
  // One request before the wallet at a time, in order. Also: the SDK's request
  // ids are the millisecond plus 3 random digits, so two sent at once can share
  // one and a caller gets the other's answer.
  const toWallet = createSerialQueue()
  const { end: endSession, endQuietly } = createSessionEnder()
  const connectionStore: ConnectionStore = { storage, chainIds, endQuietly }
  const events = createSessionEvents({
    emitter: config.emitter,
    storage,
    chainIds,
    toWallet,
  })

  // The session this connector stored resumes, on the chain it was left on.
  const [storedTopic, storedChainId] = await Promise.all([
    storage.get('sessionTopic'),
    storage.get('chainId'),
  ])
  const client = await createSignClient(await sdk, parameters)
  void endSessionsOtherThan(client, storedTopic)
  const startProvider = () =>
    createSignClientProvider({
      client,
      config,
      listeners,
      storedTopic,
      storedChainId,
      on: {
        accountsChanged: events.onAccountsChanged,
        chainChanged: events.onChainChanged,
        sessionEnded: () => void events.onDisconnect(),
      },
    })
  /** The one handle to the SDK's sign client; a rejected pairing replaces it, so that its handle tells nobody anything. */
  let provider = startProvider()
  /** Superseded by disconnect(): work begun before one must not bring the connection back. */
  const connections = createSupersession()
  const pairing = createPairing({
    client,
    chainIds,
    currentProvider: () => provider,
    restartProvider() {
      provider.close()
      provider = startProvider()
    },
    connections,
    endQuietly,
    storage,
    links: {
      wallet: wallet?.walletConnect,
      preference: deepLink,
      extraSchemes: hostSchemes,
    },
    announce(uri) {
      config.emitter.emit('message', { type: 'display_uri', data: uri })
      listeners.emit('display_uri', uri)
    },
  })

  return {
    /** The stable provider's requests: on a phone, the wallet opens before anything is awaited. */
    async request(args: { method: string; params?: unknown }): Promise<any> {
      const wc = provider
      if (needsTheUser(args.method))
        openWalletForRequest({
          session: wc.session,
          wallet,
          preference: deepLink,
          hostSchemes,
        })
      if (!wc.session) {
        if (args.method === 'eth_chainId')
          return numberToHex(defaultChainIdBeforeConnecting)
        throw new SessionNotFoundError()
      }
      if (!needsTheUser(args.method)) return wc.request(args as never)
      // Sent in the session and on the chain it was asked in, or not at all.
      const { topic } = wc.session
      const chain = `eip155:${wc.chainId}`
      return toWallet.enqueue(async () => {
        if (wc.session?.topic !== topic)
          throw new SessionNotFoundError({ reason: 'ended' })
        return wc.requestFromWallet(args, chain)
      })
    },
    prepare: pairing.prepare,
    getPairing: pairing.onScreen,
    getSessionAccounts: () => sessionAccounts(provider),
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
      if (requestedChainId !== undefined)
        configuredChain(config.chains, requestedChainId)
      const signal = connections.current()
      if (isReconnecting) {
        if (!provider.session) throw new SessionNotFoundError()
      }
      // Shows a prepared URI synchronously, within this call.
      else await pairing.pair(requestedChainId ?? chainIds[0]!)
      const wc = provider
      await refuseIncompleteSession(wc, connectionStore)
      if (
        requestedChainId !== undefined &&
        requestedChainId !== wc.chainId &&
        sessionChainIds(wc.session).includes(requestedChainId)
      )
        await wc.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: numberToHex(requestedChainId) }],
        })
      const accounts = wc.accounts.map((a) => getAddress(a))
      await remember(wc, signal, events, connectionStore)
      return {
        accounts: (withCapabilities
          ? accounts.map((address) => ({ address, capabilities: {} }))
          : accounts) as never,
        chainId: wc.chainId,
      }
    },
    async disconnect() {
      connections.supersede()
      pairing.discard()
      events.forget()
      toWallet.clear(new SessionNotFoundError({ reason: 'ended' }))
      clearSdkDeepLink()
      // The user's disconnect stands whatever the relay does: ended here at once
      // (wagmi, storage, events). The wallet is told within the deadline, or later:
      // a relay that cannot take it leaves the SDK's record, which the next pairing
      // or page load ends (endSessionsOtherThan).
      await Promise.all([
        withTimeout(endSession(provider), relayDisconnectDeadlineMs, () =>
          Error('relay too slow'),
        ).catch(() => undefined),
        storage.clear(),
      ])
    },
    getAccounts: async () => lookUpAccounts(provider),
    getChainId: async () => lookUpChainId(provider),
    isAuthorized() {
      const { session: current, accounts } = provider
      return Boolean(
        current &&
          accounts.length > 0 &&
          !findMissingRequirements(current.namespaces, chainIds),
      )
    },
    async switchChain({ chainId }: { chainId: number }) {
      const chain = configuredChain(config.chains, chainId)
      await switchSessionChain(provider, chainId, switching)
      await storage.set('chainId', chainId)
      config.emitter.emit('change', { chainId })
      return chain
    },
    onAccountsChanged: events.onAccountsChanged,
    onChainChanged: events.onChainChanged,
    onDisconnect: events.onDisconnect,
  }
}

/**
 * Moves the session to `chainId`, only to a chain the session approved
 * (checkChainSwitch), where the provider switches locally and emits
 * chainChanged, so the wallet is never asked.
 */
async function switchSessionChain(
  wc: SignClientProvider,
  chainId: number,
  switching: 'app' | 'wallet',
) {
  if (!wc.session) throw new SessionNotFoundError()
  checkChainSwitch({ session: wc.session, chainId, switching })
  await wc.request({
    method: 'wallet_switchEthereumChain',
    params: [{ chainId: numberToHex(chainId) }],
  })
}

/** What connect() needs to keep a session, or to refuse it. */
type ConnectionStore = {
  storage: ConnectorStorage<'sessionTopic'>
  chainIds: readonly number[]
  endQuietly(provider: SignClientProvider): Promise<void>
}

/** A session without the required methods, events or an account is ended, never stored. */
async function refuseIncompleteSession(
  wc: SignClientProvider,
  { storage, chainIds, endQuietly }: ConnectionStore,
) {
  const missing = findMissingRequirements(wc.session?.namespaces, chainIds)
  if (!missing) return
  await endQuietly(wc)
  await storage.clear()
  throw new IncompleteSessionError(missing)
}

/**
 * Stores the connection in wagmi's storage unless a disconnect aborted `signal`.
 * One that comes while the entries are written may clear them before they
 * land: then they are taken back, and the session ended.
 */
async function remember(
  wc: SignClientProvider,
  signal: AbortSignal,
  events: SessionEvents,
  { storage, chainIds, endQuietly }: ConnectionStore,
) {
  const topic = wc.session?.topic
  const [address] = wc.accounts
  if (signal.aborted) {
    await endQuietly(wc)
    throw new PairingAbortedError()
  }
  if (!topic || !address) throw new SessionNotFoundError()
  events.report(topic)
  await Promise.all([
    storage.set('activeAccount', getAddress(address)),
    storage.set('sessionTopic', topic),
    chainIds.includes(wc.chainId)
      ? storage.set('chainId', wc.chainId)
      : undefined,
  ])
  if (!signal.aborted) return
  events.withdraw(topic)
  if ((await storage.get('sessionTopic')) === topic) await storage.clear()
  await endQuietly(wc)
  throw new PairingAbortedError()
}

type CreateSessionEventsParameters = {
  emitter: ConnectorConfig['emitter']
  storage: ConnectorStorage<'sessionTopic'>
  chainIds: readonly number[]
  /** The requests before the wallet: an ended session fails them. */
  toWallet: SerialQueue
}

/**
 * The SDK's session events, passed on to wagmi and storage. They count once
 * wagmi knows the session: while pairing, or after a disconnect, they must not
 * write entries (connect() stores them).
 */
type SessionEvents = ReturnType<typeof createSessionEvents>

function createSessionEvents({
  emitter,
  storage,
  chainIds,
  toWallet,
}: CreateSessionEventsParameters) {
  /** The session's topic once wagmi was told of it; cleared when its end is reported. */
  let reportedTopic: string | undefined

  const events = {
    /** wagmi is told of the session `topic`: its events count from now. */
    report(topic: string) {
      reportedTopic = topic
    },
    /** A disconnect came while `topic` was being stored: its events no longer count. */
    withdraw(topic: string) {
      if (reportedTopic === topic) reportedTopic = undefined
    },
    /** The user disconnected: nothing more is reported. */
    forget() {
      reportedTopic = undefined
    },
    onAccountsChanged(accounts: string[]) {
      if (!reportedTopic) return
      if (accounts.length === 0) {
        void events.onDisconnect()
        return
      }
      const addresses = toAddresses(accounts)
      if (addresses.length === 0) return
      void storage.set('activeAccount', addresses[0]!).catch(() => undefined)
      emitter.emit('change', { accounts: addresses })
    },
    onChainChanged(chain: string | number) {
      if (!reportedTopic) return
      const chainId = Number(chain)
      if (chainIds.includes(chainId))
        void storage.set('chainId', chainId).catch(() => undefined)
      emitter.emit('change', { chainId })
    },
    async onDisconnect() {
      if (!reportedTopic) return
      reportedTopic = undefined
      toWallet.clear(new SessionNotFoundError({ reason: 'ended' }))
      clearSdkDeepLink()
      await storage.clear()
      emitter.emit('disconnect')
    },
  }
  return events
}

type Disconnectable = {
  session?: { topic: string } | undefined
  disconnect(): Promise<void>
}

/**
 * Ends a provider's session, on the wallet's side too, once however often
 * it is asked while that end is under way: a second `wc_sessionDelete` would
 * reach the wallet for a session it already deleted.
 */
export function createSessionEnder() {
  const ending = singleFlight<void, string>()
  function end(provider: Disconnectable): Promise<void> {
    const topic = provider.session?.topic
    if (!topic) return provider.disconnect()
    return ending.run(() => provider.disconnect(), topic)
  }
  return {
    end,
    /** For an end nobody waits on: one already gone, or a relay away, is fine (the SDK expires it). */
    endQuietly: (provider: Disconnectable) =>
      end(provider).catch(() => undefined),
  }
}

/** The session's accounts, answered from the session without a round trip to the wallet. */
function lookUpAccounts(wc: SignClientProvider): readonly Address[] {
  return wc.session ? toAddresses(wc.accounts) : []
}

/** The session's chain, from the session; before a session, the default. */
function lookUpChainId(wc: SignClientProvider): number {
  return wc.session ? wc.chainId : defaultChainIdBeforeConnecting
}

/** Every account of the session, in any namespace, parsed; one that does not parse is left out. */
function sessionAccounts(wc: SignClientProvider) {
  const namespaces = wc.session?.namespaces ?? {}
  return Object.values(namespaces)
    .flatMap((namespace) => namespace.accounts)
    .flatMap((account) => {
      try {
        return [parseCaipAccount(account)]
      } catch {
        return []
      }
    })
}
