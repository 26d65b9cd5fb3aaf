import type { CreateConnectorFn, Transport } from '@wagmi/core'
import {
  getAddress,
  http,
  isAddress,
  numberToHex,
  UnsupportedProviderMethodError,
} from 'viem'
import { createListeners, type Listeners } from '../core/createListeners.js'
import { PublicClientNotFoundError } from '../core/errors/chain.js'
import { RequestRefusedError } from '../core/errors/connection.js'
import { SessionNotFoundError } from '../core/errors/SessionNotFoundError.js'
import { isLocalRelayUrl } from './isLocalRelayUrl.js'
import { sessionChainIds } from './sessionChainIds.js'
import { sessionMethods } from './sessionMethods.js'
import { skipVerify } from './skipVerify.js'
import type { WalletConnectDeepLinkParameters } from './walletConnectDeepLink.js'

/** `@walletconnect/sign-client`, the optional peer, once imported. */
export type SignClientModule = Pick<
  typeof import('@walletconnect/sign-client'),
  'SignClient'
>

export type SignClient = Awaited<
  ReturnType<SignClientModule['SignClient']['init']>
>
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

/**
 * What a session proposal asks for in `eip155`: SPEC §9's methods and events
 * first, then those a dapp may use (the set wagmi's own connector proposes).
 */
const proposedMethods = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_sendRawTransaction',
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_getPermissions',
  'wallet_requestPermissions',
  'wallet_registerOnboarding',
  'wallet_watchAsset',
  'wallet_scanQRCode',
  'wallet_sendCalls',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
]
const proposedEvents = [
  'chainChanged',
  'accountsChanged',
  'message',
  'disconnect',
  'connect',
]

// The wallet's events that reach the host's listeners on the stable provider.
const forwardedEvents = new Set([
  'accountsChanged',
  'chainChanged',
  'connect',
  'disconnect',
  'message',
  'session_delete',
])

/** The `eip155` addresses of `session` on `chainId`, in the session's order. */
function accountsOn(session: Session | undefined, chainId: number) {
  return Object.entries(session?.namespaces ?? {})
    .filter(([key]) => key === 'eip155' || key.startsWith('eip155:'))
    .flatMap(([, namespace]) => namespace.accounts)
    .flatMap((account) => {
      const [, reference, address] = account.split(':')
      return Number(reference) === chainId && address && isAddress(address)
        ? [getAddress(address)]
        : []
    })
}

/**
 * The SDK's sign client for this connector: no QR modal, no provider
 * wrapper, its state stored under `storagePrefix`. Verify and telemetry, two
 * WalletConnect services outside the relay, follow the host's `verify` and
 * `telemetry`; by default both are off when the relay is on a loopback or
 * private address (the sandbox), where no wallet can check an attestation
 * and the services are out of reach, and as the SDK decides otherwise.
 */
export async function startSignClient(
  sdk: SignClientModule,
  parameters: WalletConnectDeepLinkParameters,
) {
  const localRelay = isLocalRelayUrl(parameters.relayUrl)
  const client = await sdk.SignClient.init({
    projectId: parameters.projectId,
    metadata: parameters.metadata,
    relayUrl: parameters.relayUrl,
    customStoragePrefix: parameters.storagePrefix ?? 'wagmi-connector-pack',
    telemetryEnabled: parameters.telemetry ?? (localRelay ? false : undefined),
  })
  if (!(parameters.verify ?? !localRelay)) skipVerify(client)
  return client
}

const userDisconnected = { code: 6000, message: 'User disconnected.' }

/**
 * Ends every session the SDK holds but `kept`, each as far as the relay
 * lets it: sessions the connector let go of (a disconnect that could not
 * reach the relay) must not come back, on this visit or a later one.
 */
export function endSessionsOtherThan(
  client: SignClient,
  kept: string | undefined,
) {
  return Promise.all(
    client.session
      .getAll()
      .filter(({ topic }) => topic !== kept)
      .map(({ topic }) =>
        client
          .disconnect({ topic, reason: userDisconnected })
          .catch(() => undefined),
      ),
  )
}

/**
 * The sign client as the one EIP-1193-like handle the session code uses:
 * proposals (the URI comes as `display_uri`), the session and its chain and
 * accounts, requests (to the wallet in the session, or, for reads, over the
 * host's own transport for the chain) and the end.
 *
 * The session the connector stored (`storedTopic`) is taken up again, on
 * `storedChainId` when the session approved it.
 */
export function initSignClient({
  client,
  config,
  listeners,
  storedTopic,
  storedChainId,
  on,
}: {
  client: SignClient
  config: ConnectorConfig
  listeners: Listeners
  storedTopic?: string | undefined
  storedChainId?: number | undefined
  on: {
    accountsChanged(accounts: string[]): void
    chainChanged(chainId: string): void
    /** The wallet ended the session, or it expired. */
    sessionEnded(): void
  }
}) {
  const events = createListeners()
  const configuredChainIds = config.chains.map((chain) => chain.id)
  let closed = false

  let session: Session | undefined = client.session
    .getAll()
    .find(({ topic }) => topic === storedTopic)
  let chainId = defaultChainOf(session, storedChainId)
  let accounts = accountsOn(session, chainId)

  /** The chain a session is on: `preferred` when approved, else the first approved chain the config has. */
  function defaultChainOf(of: Session | undefined, preferred?: number) {
    const approved = sessionChainIds(of)
    if (preferred !== undefined && approved.includes(preferred))
      return preferred
    return (
      approved.find((id) => configuredChainIds.includes(id)) ??
      approved[0] ??
      configuredChainIds[0]!
    )
  }

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
        accounts = data
          .map((account) => String(account).split(':').at(-1)!)
          .filter((address) => isAddress(address))
          .map((address) => getAddress(address))
        emit('accountsChanged', accounts)
      } else if (name === 'chainChanged') {
        // A number, hex, or a CAIP-2 id (`eip155:8453`), as wallets send it.
        const next = Number(
          String(data ?? params.chainId)
            .split(':')
            .at(-1),
        )
        if (Number.isInteger(next)) setChain(next)
      } else emit(name, data)
    },
    session_update({ topic, params }: SessionUpdate) {
      if (!session || topic !== session.topic) return
      session = { ...session, namespaces: params.namespaces }
      // A chain the wallet no longer approves is left for one it does.
      if (!sessionChainIds(session).includes(chainId)) {
        setChain(defaultChainOf(session))
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

  // One transport per chain, as the host configured it (batching, fallback
  // ranking, retries); the chain's own RPC URL when the config has none.
  const transports = new Map<number, ReturnType<Transport>>()
  function transportFor(id: number) {
    const known = transports.get(id)
    if (known) return known
    const chain = config.chains.find((c) => c.id === id)
    const url = chain?.rpcUrls.default.http[0]
    const transport = chain && (config.transports?.[id] ?? (url && http(url)))
    if (!transport) throw new PublicClientNotFoundError({ chainId: id })
    const made = transport({ chain })
    transports.set(id, made)
    return made
  }

  /** Sends `args` to the wallet, in the session, for `chain` (`eip155:<id>`). */
  function requestFromWallet(
    args: { method: string; params?: unknown },
    chain: string,
  ) {
    if (!session) return Promise.reject(new SessionNotFoundError())
    if (!sessionMethods(session).includes(args.method))
      return Promise.reject(
        new UnsupportedProviderMethodError(
          new RequestRefusedError({
            details: `The wallet did not approve ${args.method} for this session.`,
          }),
          { method: args.method },
        ),
      )
    return client.request({
      topic: session.topic,
      chainId: chain,
      request: { method: args.method, params: args.params ?? [] },
    })
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
      chainId = defaultChainOf(session, optionalChains[0])
      accounts = accountsOn(session, chainId)
      emit('connect', { chainId: numberToHex(chainId) })
    },
    /**
     * eip155 requests as a wallet's provider answers them: accounts and
     * chain from the session, a switch among the session's approved chains
     * (or asked of the wallet when it offers `wallet_switchEthereumChain`),
     * the session's other methods to the wallet, reads over the transport.
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
      if (session && methods.includes(args.method))
        return (await requestFromWallet(args, `eip155:${chainId}`)) as result
      return (await transportFor(chainId).request(args as never)) as result
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

/** The sign client as the session code uses it. */
export type WalletConnectClient = ReturnType<typeof initSignClient>
