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
  // Per topic, by envelope: a retry is found at once, and order is kept.
  private readonly topics = new Map<string, Map<string, StoredMessage>>()

  constructor(private readonly now: () => number = Date.now) {}

  add(
    message: Omit<StoredMessage, 'publishedAt' | 'expiresAt' | 'ackedBy'> & {
      ttlSeconds: number
    },
  ): StoredMessage {
    const publishedAt = this.now()
    const { ttlSeconds, ...rest } = message
    const messages = this.topics.get(message.topic) ?? new Map()
    // The same envelope twice (a client's retry) is one message.
    const same = messages.get(message.message)
    if (same && same.expiresAt > publishedAt) return same
    const stored: StoredMessage = {
      ...rest,
      publishedAt,
      expiresAt: publishedAt + ttlSeconds * 1000,
      ackedBy: new Set(),
    }
    messages.delete(message.message)
    messages.set(message.message, stored)
    this.topics.set(message.topic, messages)
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
    const messages = this.topics.get(topic)
    if (!messages) return []
    const now = this.now()
    for (const [key, stored] of messages)
      if (stored.expiresAt <= now) messages.delete(key)
    if (messages.size === 0) this.topics.delete(topic)
    return [...messages.values()]
  }
}
