import { randomUUID } from 'node:crypto'
import { SignClient } from '@walletconnect/sign-client'
import type {
  IVerify,
  SessionTypes,
  SignClientTypes,
} from '@walletconnect/types'
import { getSdkError } from '@walletconnect/utils'
import type { Address, LocalAccount } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { answerRequest, type ReceivedRequest } from './answerRequest.js'
import { approvedNamespaces } from './approvedNamespaces.js'
import { chainClient } from './chainClient.js'
import { emitSessionEvent } from './emitSessionEvent.js'
import { fundAccount } from './fundAccount.js'
import { sandboxWalletDescriptor } from './sandboxWalletDescriptor.js'
import type { CallsLedger } from './walletCalls.js'
import { type RequestAnswer, walletErrors } from './walletErrors.js'

export type StartSandboxWalletParameters = {
  /** The WalletConnect relay, e.g. `sandbox.relay.url`. */
  relayUrl: string
  /** JSON-RPC URL of each chain, by chain id; transactions are sent there. */
  rpcUrls: Record<number, string>
  /** Chains it approves when asked for them; default: every chain of `rpcUrls`. */
  chainIds?: number[]
  /** Methods it approves in every session. */
  methods?: string[]
  metadata?: SignClientTypes.Metadata
  /** Pays the wallet 10 ETH on every chain at start, so it can send transactions. */
  fundWith?: LocalAccount
  /** Narrates proposals, requests and answers (the CLI passes `console.log`). */
  log?: (line: string) => void
}

export type SandboxWallet = {
  /** Its own account, whose key anvil does not hold. */
  address: Address
  client: InstanceType<typeof SignClient>
  /** Pairs with a `wc:` URI; the proposal that follows is answered per `proposals`. */
  pair(uri: string): Promise<void>
  /** How a proposal is answered: once each, as a relay may deliver one twice. */
  proposals: 'approve' | 'reject'
  /** `hold`: recorded, then left unanswered until `answerHeld()`, as a user still deciding. */
  requests: 'answer' | 'reject' | 'hold'
  /** Answers every held request; resolves once the answers are published. */
  answerHeld(): Promise<void>
  /** Every request received, in order. */
  received: ReceivedRequest[]
  /** The next request received after the call that matches; start waiting before triggering it. */
  waitForRequest(
    predicate?: (request: ReceivedRequest) => boolean,
  ): Promise<ReceivedRequest>
  /** Tells every connected dapp that the wallet is on `chainId`. */
  emitChainChanged(chainId: number): Promise<void>
  /** Tells every connected dapp that the wallet's accounts are `addresses`. */
  emitAccountsChanged(addresses: string[]): Promise<void>
  /** Ends every session, as a user disconnecting in the wallet. */
  disconnect(): Promise<void>
  sessions(): SessionTypes.Struct[]
  /** Disconnects and closes the relay connection. */
  stop(): Promise<void>
}

const defaultMethods = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_signTypedData',
  'wallet_switchEthereumChain',
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
]

const defaultMetadata: SignClientTypes.Metadata = {
  name: 'Sandbox Wallet',
  description: 'A scriptable WalletConnect wallet for tests and development',
  url: 'http://localhost',
  icons: [],
  redirect: sandboxWalletDescriptor.walletConnect,
}

/**
 * A WalletConnect wallet on the real sign-client, holding a fresh random key:
 * it pairs with a URI, approves or rejects proposals, answers or rejects
 * requests as told, and records every request it receives.
 */
export async function startSandboxWallet({
  relayUrl,
  rpcUrls,
  chainIds = Object.keys(rpcUrls).map(Number),
  methods = defaultMethods,
  metadata = defaultMetadata,
  fundWith,
  log,
}: StartSandboxWalletParameters): Promise<SandboxWallet> {
  // A key anvil does not hold: nothing it answers can come from an unlocked node account.
  const account = privateKeyToAccount(generatePrivateKey())
  if (fundWith)
    await fundAccount({ from: fundWith, to: account.address, rpcUrls })
  const client = await SignClient.init({
    projectId: '00000000000000000000000000000000',
    relayUrl,
    metadata,
    // Clients in one process share a core unless their prefixes differ.
    customStoragePrefix: `sandbox-wallet-${randomUUID()}`,
    logger: 'silent',
    // Answer each request at once, not a second after the previous one.
    signConfig: { disableRequestQueue: true },
    // No call home: the sandbox is offline.
    telemetryEnabled: false,
  })
  // Verify's service is out of reach offline: this wallet checks no
  // attestation (every dapp's origin shows as UNKNOWN) rather than fetch one,
  // which costs up to 5 s, or forever when a message carries an attestation
  // and the service's public key cannot be fetched. Only this client's core
  // is changed; nothing process-wide (no IS_VITEST).
  client.core.verify.resolve = async () =>
    undefined as unknown as Awaited<ReturnType<IVerify['resolve']>>
  const clients = new Map(
    Object.entries(rpcUrls).map(([chainId, url]) => [
      Number(chainId),
      chainClient(account, Number(chainId), url),
    ]),
  )
  const clientOf = (chainId: number) => {
    const found = clients.get(chainId)
    if (!found)
      throw new Error(`The sandbox wallet has no RPC URL for chain ${chainId}`)
    return found
  }
  const calls: CallsLedger = new Map()
  const held: (() => Promise<void>)[] = []
  const waiters = new Set<{
    matches: (request: ReceivedRequest) => boolean
    resolve: (request: ReceivedRequest) => void
  }>()

  const announceChain = (session: SessionTypes.Struct, chainId: number) =>
    emitSessionEvent(
      client,
      session,
      { name: 'chainChanged', data: chainId },
      chainId,
    )
  const connectedSessions = () => {
    const sessions = client.session.getAll()
    if (sessions.length === 0)
      throw new Error('The sandbox wallet has no session to emit on')
    return sessions
  }

  const wallet: SandboxWallet = {
    address: account.address,
    client,
    proposals: 'approve',
    requests: 'answer',
    received: [],
    async pair(uri) {
      await client.pair({ uri })
    },
    async answerHeld() {
      await Promise.all(held.splice(0).map((answer) => answer()))
    },
    waitForRequest(matches = () => true) {
      return new Promise((resolve) => waiters.add({ matches, resolve }))
    },
    async emitChainChanged(chainId) {
      await Promise.all(
        connectedSessions().map((session) => announceChain(session, chainId)),
      )
    },
    async emitAccountsChanged(addresses) {
      await Promise.all(
        connectedSessions().map((session) =>
          emitSessionEvent(client, session, {
            name: 'accountsChanged',
            data: addresses,
          }),
        ),
      )
    },
    async disconnect() {
      await Promise.all(
        client.session.getAll().map(({ topic }) =>
          client.disconnect({
            topic,
            reason: getSdkError('USER_DISCONNECTED'),
          }),
        ),
      )
    },
    sessions: () => client.session.getAll(),
    async stop() {
      await wallet.disconnect()
      await client.core.relayer.transportClose()
    },
  }

  const answeredProposals = new Set<number>()
  client.on('session_proposal', async ({ id, params: proposal }) => {
    if (answeredProposals.has(id)) return
    answeredProposals.add(id)
    const dapp = proposal.proposer.metadata.name
    if (wallet.proposals === 'reject') {
      await client.reject({ id, reason: getSdkError('USER_REJECTED') })
      log?.(`Rejected the session proposed by ${dapp}`)
      return
    }
    const namespaces = approvedNamespaces(proposal, {
      chainIds,
      methods,
      address: account.address,
    })
    if (!namespaces) {
      await client.reject({ id, reason: getSdkError('UNSUPPORTED_CHAINS') })
      log?.(
        `Rejected ${dapp}: its chains do not fit this wallet's ${chainIds.join(', ')}`,
      )
      return
    }
    await client.approve({ id, namespaces })
    log?.(`Approved ${dapp} on ${namespaces.eip155?.chains?.join(', ')}`)
  })

  client.on('session_request', async ({ id, topic, params }) => {
    // Without the SDK's request queue delivery is at least once: answer each request once.
    if (wallet.received.some((seen) => seen.id === id && seen.topic === topic))
      return
    const request: ReceivedRequest = {
      id,
      topic,
      chainId: params.chainId,
      method: params.request.method,
      params: params.request.params,
    }
    wallet.received.push(request)
    log?.(
      `Request ${id} on ${request.chainId}: ${request.method} ${JSON.stringify(request.params)}`,
    )
    for (const waiter of waiters)
      if (waiter.matches(request)) {
        waiters.delete(waiter)
        waiter.resolve(request)
      }
    const respond = async () => {
      const session = client.session.get(topic)
      const answer: RequestAnswer =
        wallet.requests === 'reject'
          ? { error: walletErrors.userRejected }
          : await answerRequest(request, {
              account,
              session,
              clientOf,
              emitChainChanged: (chainId) => announceChain(session, chainId),
              calls,
            })
      await client.respond({
        topic,
        response: { id, jsonrpc: '2.0', ...answer },
      })
      log?.(`Answer ${id}: ${JSON.stringify(answer)}`)
    }
    if (wallet.requests === 'hold') held.push(respond)
    else await respond()
  })

  return wallet
}
