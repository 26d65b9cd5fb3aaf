import { createHash } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth'
import { type WebSocket, WebSocketServer } from 'ws'
import { RelayStore, type StoredMessage } from './RelayStore.js'

export type Relay = {
  /** `ws://127.0.0.1:<port>`: the `relayUrl` for WalletConnect clients. */
  url: string
  /** Requests by method, pushes and acknowledgements, since start. */
  counters: { methods: Record<string, number>; pushes: number; acks: number }
  /** Closes every client socket (they reconnect and subscribe again). */
  dropAllConnections(): void
  /**
   * Dies as a process would: sockets cut without close frames, the port
   * refusing, until `restart()`. The mailbox survives, as a real relay's does.
   */
  crash(): Promise<void>
  /**
   * Delivers every push twice, back to back under two push ids, as a relay
   * that delivers at least once may (a copy re-sent before the ack came).
   */
  deliverTwice(enabled: boolean): void
  /** Stops and starts the server on the same port; stored messages survive. */
  restart(): Promise<void>
  stop(): Promise<void>
}

type Client = { socket: WebSocket; id: string }
type Request = { id: number | string; method: string; params?: any }

const pingIntervalMs = 20_000
const methodNotFound = -32601
const invalidParams = -32602

/**
 * A WalletConnect v2 relay on 127.0.0.1:
 * irn_* subscribe/publish with store-and-flush until each message's ttl,
 * acknowledged pushes, wc_proposeSession/wc_approveSession, a ping every 20 s.
 * Clients must present a valid relay-auth JWT; its issuer is their id.
 */
export async function startRelay({
  port = 0,
  now = Date.now,
}: {
  port?: number
  now?: () => number
} = {}): Promise<Relay> {
  const store = new RelayStore(now)
  const subscriptions = new Map<string, Map<WebSocket, string>>()
  const clients = new Map<WebSocket, Client>()
  const inflight = new Map<
    number,
    { stored: StoredMessage; clientId: string; socket: WebSocket }
  >()
  const counters: Relay['counters'] = { methods: {}, pushes: 0, acks: 0 }
  let nextPushId = now() * 1000
  let copiesPerPush = 1

  const subscriptionId = (topic: string, clientId: string) =>
    createHash('sha256')
      .update(topic + clientId)
      .digest('hex')

  function push(client: Client, subId: string, stored: StoredMessage) {
    // Once per socket until it answers: a publisher's retry or a second
    // subscribe must not hand the client a message it is still processing
    // (the SDK cannot tell a late copy of a session delete from a new one).
    for (const entry of inflight.values())
      if (entry.stored === stored && entry.socket === client.socket) return
    for (let copy = 0; copy < copiesPerPush; copy++)
      sendPush(client, subId, stored)
  }

  function sendPush(client: Client, subId: string, stored: StoredMessage) {
    const id = nextPushId++
    inflight.set(id, { stored, clientId: client.id, socket: client.socket })
    counters.pushes++
    client.socket.send(
      JSON.stringify({
        id,
        jsonrpc: '2.0',
        method: 'irn_subscription',
        params: {
          id: subId,
          data: {
            topic: stored.topic,
            message: stored.message,
            publishedAt: stored.publishedAt,
            tag: stored.tag,
            ...(stored.attestation ? { attestation: stored.attestation } : {}),
          },
        },
      }),
    )
  }

  function subscribe(client: Client, topic: string) {
    const subId = subscriptionId(topic, client.id)
    const sockets = subscriptions.get(topic) ?? new Map()
    sockets.set(client.socket, subId)
    subscriptions.set(topic, sockets)
    for (const stored of store.pendingFor(topic, client.id))
      push(client, subId, stored)
    return subId
  }

  function publish(
    from: Client,
    { topic, message, ttl, tag, attestation }: Record<string, unknown>,
  ) {
    if (typeof topic !== 'string' || typeof message !== 'string')
      throw new RangeError('topic and message are required')
    const stored = store.add({
      topic,
      message,
      tag: Number(tag ?? 0),
      attestation: typeof attestation === 'string' ? attestation : undefined,
      from: from.id,
      ttlSeconds: Number(ttl ?? 300),
    })
    for (const [socket, subId] of subscriptions.get(topic) ?? []) {
      const client = clients.get(socket)
      if (client && client.id !== from.id && !stored.ackedBy.has(client.id))
        push(client, subId, stored)
    }
  }

  const handlers: Record<
    string,
    (client: Client, params: Record<string, any>) => unknown
  > = {
    irn_subscribe: (client, { topic }) => subscribe(client, topic),
    irn_batchSubscribe: (client, { topics }) =>
      (topics as string[]).map((topic) => subscribe(client, topic)),
    irn_unsubscribe(client, { topic }) {
      subscriptions.get(topic)?.delete(client.socket)
      return true
    },
    irn_batchUnsubscribe(client, { subscriptions: list }) {
      for (const { topic } of list as { topic: string }[])
        subscriptions.get(topic)?.delete(client.socket)
      return true
    },
    irn_publish(client, params) {
      publish(client, params)
      return true
    },
    irn_batchPublish(client, { messages }) {
      for (const message of messages as Record<string, unknown>[])
        publish(client, message)
      return true
    },
    irn_fetchMessages: (client, { topic }) => ({
      messages: store.pendingFor(topic, client.id).map(toFetched),
      hasMore: false,
    }),
    irn_batchFetchMessages: (client, { topics }) => ({
      messages: (topics as string[]).flatMap((topic) =>
        store.pendingFor(topic, client.id).map(toFetched),
      ),
      hasMore: false,
    }),
    // The dapp never subscribes to the pairing topic itself: proposing does it.
    wc_proposeSession(client, { pairingTopic, sessionProposal, ttl }) {
      subscribe(client, pairingTopic)
      publish(client, {
        topic: pairingTopic,
        message: sessionProposal,
        ttl,
        tag: 1100,
      })
      return true
    },
    wc_approveSession(client, params) {
      subscribe(client, params.sessionTopic)
      publish(client, {
        topic: params.pairingTopic,
        message: params.sessionProposalResponse,
        ttl: params.ttl,
        tag: 1101,
      })
      publish(client, {
        topic: params.sessionTopic,
        message: params.sessionSettlementRequest,
        ttl: params.ttl,
        tag: 1102,
      })
      return true
    },
  }

  function onMessage(client: Client, data: string) {
    let payload: Request & { result?: unknown; error?: unknown }
    try {
      payload = JSON.parse(data)
    } catch {
      return
    }
    if (payload.method === undefined) {
      // An answer to one of our pushes, from the socket it went to.
      const delivered = inflight.get(Number(payload.id))
      if (!delivered || delivered.socket !== client.socket) return
      inflight.delete(Number(payload.id))
      if ('result' in payload) {
        delivered.stored.ackedBy.add(delivered.clientId)
        counters.acks++
      }
      return
    }
    counters.methods[payload.method] =
      (counters.methods[payload.method] ?? 0) + 1
    const reply = (body: object) =>
      client.socket.send(
        JSON.stringify({ id: payload.id, jsonrpc: '2.0', ...body }),
      )
    const handler = handlers[payload.method]
    if (!handler)
      return reply({
        error: {
          code: methodNotFound,
          message: `Unknown method ${payload.method}`,
        },
      })
    try {
      reply({ result: handler(client, payload.params ?? {}) })
    } catch (error) {
      reply({
        error: { code: invalidParams, message: (error as Error).message },
      })
    }
  }

  let server: WebSocketServer | undefined
  let pinger: NodeJS.Timeout
  async function listen(listenPort: number) {
    const listening = new WebSocketServer({
      host: '127.0.0.1',
      port: listenPort,
    })
    server = listening
    listening.on('connection', (socket, request) => {
      void (async () => {
        const auth = new URL(request.url ?? '/', 'ws://relay').searchParams.get(
          'auth',
        )
        const verified = auth ? await verifyJWT(auth).catch(() => false) : false
        if (!auth || !verified) {
          socket.close(4001, 'a valid relay auth JWT is required')
          return
        }
        // Cut while its token was being checked (a crash): nothing to serve.
        if (socket.readyState !== socket.OPEN) return
        const client = { socket, id: decodeJWT(auth).payload.iss }
        clients.set(socket, client)
        socket.on('message', (data) => onMessage(client, data.toString()))
        socket.on('close', () => {
          clients.delete(socket)
          // Unacknowledged pushes are sent again when the client subscribes anew.
          for (const [id, entry] of inflight)
            if (entry.socket === socket) inflight.delete(id)
          for (const sockets of subscriptions.values()) sockets.delete(socket)
        })
      })()
    })
    await new Promise<void>((resolve, reject) => {
      listening.once('listening', resolve)
      listening.once('error', reject)
    })
    // Node clients drop a socket that is silent for 35 s.
    pinger = setInterval(() => {
      for (const socket of listening.clients) socket.ping()
    }, pingIntervalMs)
    pinger.unref()
    return (listening.address() as AddressInfo).port
  }
  async function close() {
    const closing = server
    if (!closing) return
    server = undefined
    clearInterval(pinger)
    for (const socket of closing.clients) socket.terminate()
    await new Promise<void>((resolve) => closing.close(() => resolve()))
  }

  const boundPort = await listen(port)
  return {
    url: `ws://127.0.0.1:${boundPort}`,
    counters,
    dropAllConnections() {
      for (const socket of server?.clients ?? []) socket.terminate()
    },
    deliverTwice(enabled) {
      copiesPerPush = enabled ? 2 : 1
    },
    crash: close,
    async restart() {
      await close()
      await listen(boundPort)
    },
    stop: close,
  }
}

const toFetched = (m: StoredMessage) => ({
  topic: m.topic,
  message: m.message,
  publishedAt: m.publishedAt,
  tag: m.tag,
})
