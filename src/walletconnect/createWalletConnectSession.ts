import type { CreateConnectorFn } from '@wagmi/core'
import { type Address, getAddress, isAddress, numberToHex } from 'viem'
import { parseCaipAccount } from '../core/caip/parseCaipAccount.js'
import type { ConnectorStorage } from '../core/createConnectorStorage.js'
import type { Listeners } from '../core/createListeners.js'
import { createSerialQueue } from '../core/createSerialQueue.js'
import { createSupersession } from '../core/createSupersession.js'
import { defaultChainIdBeforeConnecting } from '../core/defaultChainIdBeforeConnecting.js'
import { ChainNotConfiguredError } from '../core/errors/chain.js'
import { SessionEndedError } from '../core/errors/connection.js'
import { SessionNotFoundError } from '../core/errors/SessionNotFoundError.js'
import { withTimeout } from '../core/withTimeout.js'
import { checkChainSwitch } from './checkChainSwitch.js'
import { clearSdkDeepLink } from './clearSdkDeepLink.js'
import { createPreparedProposal } from './createPreparedProposal.js'
import { createSessionEnder } from './createSessionEnder.js'
import {
  createSignClient,
  endSessionsOtherThan,
  type SignClientModule,
} from './createSignClient.js'
import {
  createSignClientProvider,
  type SignClientProvider,
} from './createSignClientProvider.js'
import { IncompleteSessionError, PairingAbortedError } from './errors.js'
import { findMissingRequirements } from './findMissingRequirements.js'
import { needsTheUser } from './needsTheUser.js'
import { openWalletForRequest } from './openWalletForRequest.js'
import { maxPairingAttempts, pairWithRetries } from './pairWithRetries.js'
import { parseWalletConnectParameters } from './parseWalletConnectParameters.js'
import { proposeSession, type SessionProposal } from './proposeSession.js'
import { sessionChainIds } from './sessionChainIds.js'
import { toPairingLinks } from './toPairingLinks.js'
import type {
  WalletConnectDeepLinkParameters,
  WalletConnectPairing,
} from './walletConnectDeepLink.js'

type ConnectorConfig = Parameters<CreateConnectorFn>[0]

// SPEC §9.
const chainIdLookupTimeoutMs = 1000
const accountsLookupTimeoutMs = 500
// A disconnect waits this long for the relay to take the end to the wallet.
const relayDisconnectDeadlineMs = 5000

export type CreateWalletConnectSessionParameters = {
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
  /** The connector's entries in wagmi's storage (SPEC §3). */
  storage: ConnectorStorage<'sessionTopic'>
  /** The host's listeners on the connector's stable provider. */
  listeners: Listeners
}

export type WalletConnectSession = Awaited<
  ReturnType<typeof createWalletConnectSession>
>

/**
 * Moves the session to `chainId` as SPEC §9 allows: only to a chain the
 * session approved, where the provider switches locally and emits
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

/**
 * Everything walletConnectDeepLink does once the SDK is loaded: the pairing
 * (prepared ahead or on connect, with its retries), the session it yields
 * (checked against SPEC §9, stored per SPEC §3), requests to the wallet and
 * the phone redirect that goes with them.
 */
export async function createWalletConnectSession({
  sdk,
  parameters,
  config,
  storage,
  listeners,
}: CreateWalletConnectSessionParameters) {
  const { deepLink, switching, wallet, hostSchemes } =
    parseWalletConnectParameters(parameters)
  const chainIds = config.chains.map((chain) => chain.id)
  // One request before the wallet at a time, in order. Also: the SDK's request
  // ids are the millisecond plus 3 random digits, so two sent at once can share
  // one and a caller gets the other's answer.
  const toWallet = createSerialQueue()
  const { end: endSession, endQuietly } = createSessionEnder()

  // The session this connector stored resumes, on the chain it was left on.
  const [storedTopic, storedChainId] = await Promise.all([
    storage.get('sessionTopic'),
    storage.get('chainId'),
  ])
  const client = await createSignClient(await sdk, parameters)
  void endSessionsOtherThan(client, storedTopic)
  /** The one handle to the SDK's sign client; a rejected pairing replaces it (SPEC §4). */
  let provider = startProvider()
  /** The session's topic once wagmi was told of it; cleared when its end is reported. */
  let reportedTopic: string | undefined
  /** Superseded by disconnect(): work begun before one must not bring the connection back. */
  const connections = createSupersession()
  /** The pairing URI on screen (getPairing()). */
  let pairingOnScreen: WalletConnectPairing | undefined
  /** The pairing connect() waits for; a second connect() joins it. */
  let pairingInFlight: Promise<void> | undefined

  const prepared = createPreparedProposal({
    propose: (attempt) => proposeSession(provider, { chainIds, attempt }),
    maxAttempts: maxPairingAttempts,
  })

  function startProvider() {
    return createSignClientProvider({
      client,
      config,
      listeners,
      storedTopic,
      storedChainId,
      on: {
        accountsChanged: (accounts) => session.onAccountsChanged(accounts),
        chainChanged: (chainId) => session.onChainChanged(chainId),
        sessionEnded: () => void session.onDisconnect(),
      },
    })
  }

  /** Shows a pairing URI: the host hears wagmi's `display_uri` message. */
  function show(proposal: SessionProposal) {
    pairingOnScreen = {
      uri: proposal.uri,
      ...toPairingLinks(proposal.uri, {
        wallet: wallet?.walletConnect,
        preference: deepLink,
        extraSchemes: hostSchemes,
      }),
      attempt: proposal.attempt,
      expiresAt: proposal.expiresAt,
    }
    config.emitter.emit('message', { type: 'display_uri', data: proposal.uri })
    listeners.emit('display_uri', proposal.uri)
  }

  /**
   * Pairs until the wallet approves. Before its first await it shows the URI
   * prepare() made, so that the caller's tap can open the wallet with it.
   */
  async function runPairing(target: number) {
    const signal = connections.current()
    // A disconnect ends the pairing in flight at once.
    let endPairing = () => {}
    const aborted = new Promise<never>((_, reject) => {
      endPairing = () => reject(new PairingAbortedError())
      signal.addEventListener('abort', endPairing, { once: true })
    })
    aborted.catch(() => undefined)
    clearSdkDeepLink()
    // A stale session, or one a disconnect could not end at the wallet: ending
    // it ends every pending pairing of the SDK's too.
    const stale =
      provider.session !== undefined || client.session.getAll().length > 0
    if (stale) prepared.discard()
    const taken = stale ? undefined : prepared.take()
    let proposal = taken instanceof Promise ? undefined : taken
    if (proposal) show(proposal)
    try {
      if (stale) {
        // Gone from the wallet's view too, and from ours.
        await endQuietly(provider)
        await endSessionsOtherThan(client, undefined)
        await storage.clear()
      }
      if (taken instanceof Promise) {
        proposal = await taken
        if (proposal) show(proposal)
      }
      await pairWithRetries({
        firstAttempt: proposal?.attempt,
        async pairOnce(attempt) {
          const current =
            proposal ??
            (await proposeSession(provider, { chainIds, target, attempt }))
          if (current !== proposal) show(current)
          proposal = undefined
          // Approved after the host gave up: end that session instead of keeping it.
          const approvedOn = provider
          current.approved.then(
            () => {
              if (signal.aborted) void endQuietly(approvedOn)
            },
            () => undefined,
          )
          await Promise.race([current.approved, aborted])
        },
        async reinitialise() {
          prepared.discard()
          // The rejected pairing's client must no longer call us.
          provider.close()
          provider = startProvider()
        },
        aborted: () => signal.aborted,
      })
    } finally {
      signal.removeEventListener('abort', endPairing)
    }
  }

  function pair(target: number) {
    pairingInFlight ??= runPairing(target).finally(() => {
      pairingInFlight = undefined
      pairingOnScreen = undefined
    })
    return pairingInFlight
  }

  /** SPEC §9: a session without the required methods, events or an account is ended, never stored. */
  async function refuseIncompleteSession(wc: SignClientProvider) {
    const missing = findMissingRequirements(wc.session?.namespaces, chainIds)
    if (!missing) return
    await endQuietly(wc)
    await storage.clear()
    throw new IncompleteSessionError(missing)
  }

  /**
   * Stores the connection (SPEC §3) unless a disconnect aborted `signal`.
   * One that comes while the entries are written may clear them before they
   * land: then they are taken back, and the session ended.
   */
  async function remember(wc: SignClientProvider, signal: AbortSignal) {
    const topic = wc.session?.topic
    const [address] = wc.accounts
    if (signal.aborted) {
      await endQuietly(wc)
      throw new PairingAbortedError()
    }
    if (!topic || !address) throw new SessionNotFoundError()
    reportedTopic = topic
    await Promise.all([
      storage.set('activeAccount', getAddress(address)),
      storage.set('sessionTopic', topic),
      chainIds.includes(wc.chainId)
        ? storage.set('chainId', wc.chainId)
        : undefined,
    ])
    if (!signal.aborted) return
    if (reportedTopic === topic) reportedTopic = undefined
    if ((await storage.get('sessionTopic')) === topic) await storage.clear()
    await endQuietly(wc)
    throw new PairingAbortedError()
  }

  const session = {
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
        if (wc.session?.topic !== topic) throw new SessionEndedError()
        return wc.requestFromWallet(args, chain)
      })
    },
    /** Makes a proposal ahead of connect() (the host's prepare()); see createPreparedProposal. */
    prepare(): Promise<void> {
      if (provider.session || pairingInFlight) return Promise.resolve()
      return prepared.prepare()
    },
    getPairing: () => pairingOnScreen,
    getSessionAccounts() {
      const namespaces = provider.session?.namespaces ?? {}
      return Object.values(namespaces)
        .flatMap((namespace) => namespace.accounts)
        .flatMap((account) => {
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
      const signal = connections.current()
      if (isReconnecting) {
        if (!provider.session) throw new SessionNotFoundError()
      }
      // Shows a prepared URI synchronously, within this call.
      else await pair(requestedChainId ?? chainIds[0]!)
      const wc = provider
      await refuseIncompleteSession(wc)
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
      await remember(wc, signal)
      return {
        accounts: (withCapabilities
          ? accounts.map((address) => ({ address, capabilities: {} }))
          : accounts) as never,
        chainId: wc.chainId,
      }
    },
    async disconnect() {
      connections.supersede()
      prepared.discard()
      pairingOnScreen = undefined
      reportedTopic = undefined
      toWallet.clear(new SessionEndedError())
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
    async getAccounts(): Promise<readonly Address[]> {
      const wc = provider
      const accounts = await withTimeout(
        (async () =>
          wc.session ? wc.request<string[]>({ method: 'eth_accounts' }) : [])(),
        accountsLookupTimeoutMs,
        () => new SessionNotFoundError(),
      ).catch(() => wc.accounts)
      return accounts.filter((a) => isAddress(a)).map((a) => getAddress(a))
    },
    async getChainId() {
      const wc = provider
      return withTimeout(
        (async () =>
          wc.session
            ? Number(await wc.request<string>({ method: 'eth_chainId' }))
            : defaultChainIdBeforeConnecting)(),
        chainIdLookupTimeoutMs,
        () => new SessionNotFoundError(),
      ).catch(() => (wc.session ? wc.chainId : defaultChainIdBeforeConnecting))
    },
    isAuthorized() {
      const { session: current, accounts } = provider
      return Boolean(
        current &&
          accounts.length > 0 &&
          !findMissingRequirements(current.namespaces, chainIds),
      )
    },
    async switchChain({ chainId }: { chainId: number }) {
      const chain = config.chains.find((c) => c.id === chainId)
      if (!chain) throw new ChainNotConfiguredError({ chainId })
      await switchSessionChain(provider, chainId, switching)
      await storage.set('chainId', chainId)
      config.emitter.emit('change', { chainId })
      return chain
    },
    // The SDK's events count once wagmi knows the session: while pairing, or
    // after a disconnect, they must not write entries (connect() stores them).
    onAccountsChanged(accounts: string[]) {
      if (!reportedTopic) return
      if (accounts.length === 0) {
        void session.onDisconnect()
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
      if (!reportedTopic) return
      const chainId = Number(chain)
      if (chainIds.includes(chainId))
        void storage.set('chainId', chainId).catch(() => undefined)
      config.emitter.emit('change', { chainId })
    },
    async onDisconnect() {
      if (!reportedTopic) return
      reportedTopic = undefined
      toWallet.clear(new SessionEndedError())
      clearSdkDeepLink()
      await storage.clear()
      config.emitter.emit('disconnect')
    },
  }
  return session
}
