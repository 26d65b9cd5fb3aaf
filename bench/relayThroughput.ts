import { randomBytes } from 'node:crypto'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { WebSocket } from 'ws'
import { startRelay } from '../sandbox/relay/startRelay.js'
import { percentile } from './percentile.js'

export type RelayThroughput = {
  messages: number
  seconds: number
  messagesPerSecond: number
  p50Ms: number
  p95Ms: number
}

type Message = {
  id?: number | string
  method?: string
  params?: any
  result?: unknown
  error?: { message?: string }
}

const projectId = '00000000000000000000000000000000'
// What @walletconnect/core 2.21.8 sends for a wc_sessionRequest (notes §5).
const sessionRequest = { ttl: 900, tag: 1108, prompt: true }
// A personal_sign request envelope is 400–600 base64 characters.
const envelopeBytes = 384
const warmUpMessages = 256
// Beyond `seconds`, for the warm-up and the messages in flight at the end.
const graceMs = 30_000

/** A relay client as the SDK connects it: its own ed25519 key, a relay-auth JWT. */
async function connect(relayUrl: string) {
  const auth = await signJWT(
    randomBytes(32).toString('hex'),
    relayUrl,
    86_400,
    generateKeyPair(),
  )
  const query = new URLSearchParams({
    auth,
    projectId,
    ua: `wc-2/js-2.21.8/${process.platform}-${process.versions.node}/node`,
    useOnCloseEvent: 'true',
  })
  const socket = new WebSocket(`${relayUrl}/?${query}`)
  await new Promise<void>((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  let nextId = 1
  const pending = new Map<number, (message: Message) => void>()
  const client = {
    socket,
    /** Called for every relay → client request (irn_subscription). */
    onRequest: (_message: Message) => {},
    /** Called for a reply to a request sent with `send`. */
    onReply: (_message: Message) => {},
    onClose: (_why: string) => {},
    send(method: string, params: object) {
      const id = nextId++
      socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
      return id
    },
    call(method: string, params: object) {
      return new Promise<Message>((resolve) =>
        pending.set(client.send(method, params), resolve),
      )
    },
  }
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as Message
    if (message.method) return client.onRequest(message)
    const waiting = pending.get(Number(message.id))
    if (!waiting) return client.onReply(message)
    pending.delete(Number(message.id))
    waiting(message)
  })
  // The relay closes a socket whose auth it refuses (4001) right after it opened.
  socket.on('close', (code, reason) => {
    const error = { message: `relay closed the socket: ${code} ${reason}` }
    for (const waiting of pending.values()) waiting({ error })
    pending.clear()
    client.onClose(error.message)
  })
  return client
}

const closed = (socket: WebSocket) =>
  socket.readyState === WebSocket.CLOSED
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        socket.once('close', () => resolve())
        socket.close()
      })

/**
 * Messages per second the sandbox WalletConnect relay carries from one
 * publisher to one subscriber, and the publish → delivery latency.
 *
 * How: it starts its own relay (in this process: the relay and both clients
 * share one Node event loop, so the clients' JSON and socket work counts
 * against the relay) and connects two raw WebSocket clients exactly as
 * @walletconnect/core 2.21.8 does — each with its own relay-auth JWT. The
 * subscriber sends `irn_subscribe` for one random topic and acknowledges
 * every `irn_subscription` push with `{ id, result: true }`. The publisher
 * sends `irn_publish` with session-request parameters (ttl 900, tag 1108,
 * prompt) and a unique random 512-character base64 message, keeping
 * `inFlight` (default 32) messages between its send and their delivery: each
 * delivery triggers the next publish. The first 256 messages warm up and are
 * not counted. Then it publishes for `seconds`, stops, and waits for the
 * messages in flight.
 *
 * - `messages`: counted messages delivered (each exactly once, else it throws).
 * - `seconds`: from the first counted publish to the last delivery.
 * - `p50Ms`/`p95Ms`: from `send()` of the `irn_publish` to the subscriber's
 *   socket receiving and parsing its push.
 *
 * The relay keeps every message of the topic for its ttl (900 s) and scans
 * the topic's whole list on each publish, so the rate falls as the run goes
 * on: compare results of the same `seconds` only.
 */
export async function relayThroughput({
  seconds,
  inFlight = 32,
}: {
  seconds: number
  inFlight?: number
}): Promise<RelayThroughput> {
  const relay = await startRelay()
  const sockets: WebSocket[] = []
  try {
    const publisher = await connect(relay.url)
    sockets.push(publisher.socket)
    const subscriber = await connect(relay.url)
    sockets.push(subscriber.socket)
    const topic = randomBytes(32).toString('hex')
    const subscribed = await subscriber.call('irn_subscribe', { topic })
    if (!subscribed.result)
      throw new Error(`irn_subscribe failed: ${subscribed.error?.message}`)

    const sentAt = new Map<string, { at: number; counted: boolean }>()
    const latencies: number[] = []
    let published = 0
    let delivered = 0
    let measuring = false
    let stopped = false
    let firstCountedAt = 0
    let lastDeliveredAt = 0
    let fail: (error: Error) => void = () => {}
    let finish: () => void = () => {}
    const done = new Promise<void>((resolve, reject) => {
      finish = resolve
      fail = reject
    })

    const publish = () => {
      const message = randomBytes(envelopeBytes).toString('base64')
      const at = performance.now()
      if (measuring && !firstCountedAt) firstCountedAt = at
      sentAt.set(message, { at, counted: measuring })
      published++
      publisher.send('irn_publish', {
        topic,
        message,
        ...sessionRequest,
        correlationId: published,
      })
    }
    let ending = false
    for (const client of [publisher, subscriber])
      client.onClose = (why) => {
        if (!ending) fail(new Error(`relayThroughput: ${why}`))
      }
    publisher.onReply = (reply) => {
      if (reply.error)
        fail(new Error(`irn_publish failed: ${reply.error.message}`))
    }
    subscriber.onRequest = (push) => {
      if (push.method !== 'irn_subscription') return
      const receivedAt = performance.now()
      subscriber.socket.send(
        JSON.stringify({ id: push.id, jsonrpc: '2.0', result: true }),
      )
      const sent = sentAt.get(push.params?.data?.message)
      if (!sent) return fail(new Error('a message was delivered twice'))
      sentAt.delete(push.params.data.message)
      delivered++
      if (sent.counted) {
        latencies.push(receivedAt - sent.at)
        lastDeliveredAt = receivedAt
      }
      if (!measuring && delivered >= warmUpMessages) {
        measuring = true
        setTimeout(() => {
          stopped = true
        }, seconds * 1000)
      }
      if (!stopped) publish()
      else if (sentAt.size === 0) finish()
    }

    for (let slot = 0; slot < inFlight; slot++) publish()
    const timeout = setTimeout(
      () =>
        fail(
          new Error(
            `relayThroughput: ${sentAt.size} messages still undelivered after ${seconds} s + ${graceMs} ms`,
          ),
        ),
      seconds * 1000 + graceMs,
    )
    try {
      await done
    } finally {
      ending = true
      clearTimeout(timeout)
    }

    const elapsed = (lastDeliveredAt - firstCountedAt) / 1000
    return {
      messages: latencies.length,
      seconds: Number(elapsed.toFixed(2)),
      messagesPerSecond: Math.round(latencies.length / elapsed),
      p50Ms: percentile(latencies, 0.5),
      p95Ms: percentile(latencies, 0.95),
    }
  } finally {
    await Promise.all(sockets.map(closed))
    await relay.stop()
  }
}
