/** One published message, kept until its ttl passes so late subscribers still get it. */
export type StoredMessage = {
  topic: string
  message: string
  tag: number
  attestation?: string | undefined
  publishedAt: number
  expiresAt: number
  /** Client id of the publisher: it never gets its own message back. */
  from: string
  ackedBy: Set<string>
}

/**
 * The relay's memory: messages per topic. It outlives the WebSocket server,
 * so a relay restart loses nothing that was published.
 */
export class RelayStore {
  private readonly topics = new Map<string, StoredMessage[]>()

  constructor(private readonly now: () => number = Date.now) {}

  add(
    message: Omit<StoredMessage, 'publishedAt' | 'expiresAt' | 'ackedBy'> & {
      ttlSeconds: number
    },
  ): StoredMessage {
    const publishedAt = this.now()
    const { ttlSeconds, ...rest } = message
    const stored: StoredMessage = {
      ...rest,
      publishedAt,
      expiresAt: publishedAt + ttlSeconds * 1000,
      ackedBy: new Set(),
    }
    const list = this.live(message.topic)
    // The same envelope twice (a client's retry) is one message.
    const same = list.find((m) => m.message === stored.message)
    if (same) return same
    list.push(stored)
    this.topics.set(message.topic, list)
    return stored
  }

  /** Unexpired messages of `topic` that `clientId` neither sent nor acknowledged. */
  pendingFor(topic: string, clientId: string): StoredMessage[] {
    return this.live(topic).filter(
      (m) => m.from !== clientId && !m.ackedBy.has(clientId),
    )
  }

  all(topic: string): StoredMessage[] {
    return this.live(topic)
  }

  private live(topic: string) {
    const now = this.now()
    const list = (this.topics.get(topic) ?? []).filter((m) => m.expiresAt > now)
    if (list.length) this.topics.set(topic, list)
    else this.topics.delete(topic)
    return list
  }
}
