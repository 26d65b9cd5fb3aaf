import type { CreateConnectorFn } from '@wagmi/core'
import {
  getAddress,
  isAddress,
  numberToHex,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
} from 'viem'
import { readEip155Account, readEip155ChainId } from '../core/caip.js'
import { createChainTransports } from '../core/chains.js'
import { RequestRefusedError } from '../core/connectionErrors.js'
import { createListeners, type Listeners } from '../core/connector.js'
import { SessionNotFoundError } from '../core/sessionNotFound.js'
import { providerErrorCode } from '../core/walletAnswers.js'
import { eip155Namespaces } from './requirements.js'
import {
  onlyTheWalletAnswers,
  proposedEvents,
  proposedMethods,
  sessionChainIds,
  sessionMethods,
} from './sessionRules.js'
import { type SignClient, userDisconnected } from './signClient.js'

// The EIP-1193 provider over the SDK's sign client that the runtime and the
// pairing use.

type Session = ReturnType<SignClient['session']['getAll']>[number]

type ConnectorConfig = Parameters<CreateConnectorFn>[0]

type SessionEvent = {
  topic: string
  params: { event: { name: string; data: unknown }; chainId: string }
}
type SessionUpdate = {
  topic: string
  params: { namespaces: Session['namespaces'] }
}

// The wallet's events that reach the host's listeners on the stable provider.
const forwardedEvents = new Set([
  'accountsChanged',
  'chainChanged',
  'connect',
  'disconnect',
  'message',
  'session_delete',
])

/** WalletConnect's USER_REJECTED (5000) is EIP-1193's 4001 to viem and wagmi. */
function asEip1193Error(error: unknown): never {
  if (providerErrorCode(error) === 5000)
    throw new UserRejectedRequestError(error as Error)
  throw error
}

/** The chain a session is on: `preferred` when approved, else the first approved chain the config has. */
function startingChainOf(
  session: Session | undefined,
  configuredChainIds: readonly number[],
  preferred?: number,
) {
  const approved = sessionChainIds(session)
  if (preferred !== undefined && approved.includes(preferred)) return preferred
  return (
    approved.find((id) => configuredChainIds.includes(id)) ??
    approved[0] ??
    configuredChainIds[0]!
  )
}

/** The addresses of a wallet's `accountsChanged` event (CAIP-10 or plain), checksummed. */
const eventAccounts = (data: unknown[]) =>
  data.flatMap((account) => {
    const address =
      readEip155Account(account)?.address ??
      (isAddress(String(account)) ? getAddress(String(account)) : undefined)
    return address ? [address] : []
  })

/** The chain of a wallet's `chainChanged` event: a number, hex, or a CAIP-2 id (`eip155:8453`), as wallets send it. */
const eventChainId = (data: unknown, fallback: string) => {
  const value = data ?? fallback
  return readEip155ChainId(value) ?? Number(value)
}

/** The `eip155` addresses of `session` on `chainId`, in the session's order. */
function accountsOn(session: Session | undefined, chainId: number) {
  return eip155Namespaces(session?.namespaces)
    .flatMap(([, namespace]) => namespace.accounts)
    .flatMap((account) => {
      const read = readEip155Account(account)
      return read?.chainId === chainId ? [read.address] : []
    })
}

export type SignClientProviderParameters = {
  client: SignClient
  config: ConnectorConfig
  /** The host's listeners on the connector's stable provider. */
  listeners: Listeners
  storedTopic?: string | undefined
  storedChainId?: number | undefined
  /** What the runtime hears. */
  on: {
    accountsChanged(accounts: string[]): void
    chainChanged(chainId: string): void
    /** The wallet ended the session, or it expired. */
    sessionEnded(): void
  }
}

/**
 * The sign client as the one EIP-1193-like handle the runtime uses:
 * proposals (the URI comes as `display_uri`), the session and its chain and
 * accounts, requests (to the wallet in the session, or, for reads, over the
 * host's own transport for the chain) and the end.
 *
 * The session the connector stored (`storedTopic`) is taken up again, on
 * `storedChainId` when the session approved it.
 */
export function createSignClientProvider({
  client,
  config,
  listeners,
  storedTopic,
  storedChainId,
  on,
}: SignClientProviderParameters) {
  const events = createListeners()
  const configuredChainIds = config.chains.map((chain) => chain.id)
  let closed = false

  let session: Session | undefined = client.session
    .getAll()
    .find(({ topic }) => topic === storedTopic)
  let chainId = startingChainOf(session, configuredChainIds, storedChainId)
  let accounts = accountsOn(session, chainId)

  function emit(event: string, ...args: unknown[]) {
    // A replaced handle (a rejected pairing's) tells nobody anything.
    if (closed) return
    events.emit(event, ...args)
    if (forwardedEvents.has(event)) listeners.emit(event, ...args)
  }

  /** Moves to `next`; the accounts there, when they differ, are announced too. */
  function setChain(next: number) {
    const before = accounts
    chainId = next
    accounts = accountsOn(session, chainId)
    emit('chainChanged', numberToHex(next))
    if (accounts.length > 0 && accounts.join() !== before.join())
      emit('accountsChanged', accounts)
  }

  function ended() {
    const topic = session?.topic
    session = undefined
    accounts = []
    emit('session_delete', { topic })
    emit('disconnect', userDisconnected)
  }

  const sdkListeners = {
    session_event({ topic, params }: SessionEvent) {
      if (topic !== session?.topic) return
      const { name, data } = params.event
      if (name === 'accountsChanged' && Array.isArray(data)) {
        accounts = eventAccounts(data)
        emit('accountsChanged', accounts)
      } else if (name === 'chainChanged') {
        const next = eventChainId(data, params.chainId)
        if (Number.isInteger(next)) setChain(next)
      } else emit(name, data)
    },
    session_update({ topic, params }: SessionUpdate) {
      if (!session || topic !== session.topic) return
      session = { ...session, namespaces: params.namespaces }
      // A chain the wallet no longer approves is left for one it does.
      if (!sessionChainIds(session).includes(chainId)) {
        setChain(startingChainOf(session, configuredChainIds))
        return
      }
      const next = accountsOn(session, chainId)
      if (next.join() === accounts.join()) return
      accounts = next
      emit('accountsChanged', accounts)
    },
    session_delete({ topic }: { topic: string }) {
      if (topic === session?.topic) ended()
    },
    session_expire({ topic }: { topic: string }) {
      if (topic === session?.topic) ended()
    },
  }
  for (const [event, listener] of Object.entries(sdkListeners))
    client.on(event as never, listener as never)

  events.on('accountsChanged', (next) => on.accountsChanged(next as string[]))
  events.on('chainChanged', (next) => on.chainChanged(next as string))
  events.on('session_delete', on.sessionEnded)

  const transportFor = createChainTransports(config.chains, config.transports)

  /** Sends `args` to the wallet, in the session, for `chain` (`eip155:<id>`). */
  function requestFromWallet(
    args: { method: string; params?: unknown },
    chain: string,
  ) {
    if (!session) return Promise.reject(new SessionNotFoundError())
    // In the SDK's own words for this refusal, which viem's sendCalls
    // recognises: with `experimental_fallback` it then sends the calls one by
    // one with eth_sendTransaction.
    if (!sessionMethods(session).includes(args.method))
      return Promise.reject(
        new UnsupportedProviderMethodError(
          new RequestRefusedError({
            details: `Missing or invalid. request() method: ${args.method}. The wallet did not approve it for this session.`,
          }),
          { method: args.method },
        ),
      )
    return client
      .request({
        topic: session.topic,
        chainId: chain,
        request: { method: args.method, params: args.params ?? [] },
      })
      .catch(asEip1193Error)
  }

  return {
    get session() {
      return session
    },
    get accounts() {
      return accounts
    },
    get chainId() {
      return chainId
    },
    on: events.on,
    removeListener: events.removeListener,
    /**
     * Proposes a session for `optionalChains` (the first is the chain it
     * starts on); `display_uri` carries the URI as soon as the relay holds
     * the proposal. Resolves once the wallet approved.
     */
    async connect({ optionalChains }: { optionalChains: readonly number[] }) {
      const { uri, approval } = await client.connect({
        optionalNamespaces: {
          eip155: {
            chains: optionalChains.map((id) => `eip155:${id}`),
            methods: proposedMethods,
            events: proposedEvents,
          },
        },
      })
      if (uri) emit('display_uri', uri)
      const approved = await approval()
      if (closed) return
      session = approved
      chainId = startingChainOf(session, configuredChainIds, optionalChains[0])
      accounts = accountsOn(session, chainId)
      emit('connect', { chainId: numberToHex(chainId) })
    },
    /**
     * eip155 requests as a wallet's provider answers them: accounts and
     * chain from the session, a switch among the session's approved chains
     * (or asked of the wallet when it offers `wallet_switchEthereumChain`),
     * the session's other methods and every `wallet_*` one to the wallet
     * (refused when the session lacks it), reads over the transport.
     */
    async request<result = unknown>(args: {
      method: string
      params?: unknown
    }): Promise<result> {
      if (
        args.method === 'eth_accounts' ||
        args.method === 'eth_requestAccounts'
      )
        return accounts as result
      if (args.method === 'eth_chainId') return numberToHex(chainId) as result
      const methods = sessionMethods(session)
      if (args.method === 'wallet_switchEthereumChain') {
        const [{ chainId: hex }] = args.params as [{ chainId: string }]
        const next = Number(hex)
        if (!sessionChainIds(session).includes(next))
          await requestFromWallet(args, `eip155:${chainId}`)
        setChain(next)
        return null as result
      }
      if (
        session &&
        (methods.includes(args.method) || onlyTheWalletAnswers(args.method))
      )
        return (await requestFromWallet(args, `eip155:${chainId}`)) as result
      return (await transportFor(chainId).transport.request(
        args as never,
      )) as result
    },
    requestFromWallet,
    /**
     * Ends the session on both sides. This side first, whatever the relay
     * does: nothing reconnects to it or hears from it. When the relay cannot
     * take the end to the wallet, this throws and the SDK keeps its record,
     * which the next pairing or page load ends (endSessionsOtherThan).
     */
    async disconnect() {
      const topic = session?.topic
      if (!topic) return
      session = undefined
      accounts = []
      try {
        await client.disconnect({ topic, reason: userDisconnected })
      } catch (error) {
        // The SDK no longer has it: gone on both sides already.
        if (!/No matching key/i.test((error as Error).message)) throw error
      }
    },
    /** This handle no longer calls or tells anyone (a rejected pairing's, replaced). */
    close() {
      closed = true
      for (const [event, listener] of Object.entries(sdkListeners))
        client.off(event as never, listener as never)
    },
  }
}

/** The sign client as the runtime and the pairing use it. */
export type SignClientProvider = ReturnType<typeof createSignClientProvider>
