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
  const ending = new Map<string, Promise<void>>()
  function end(provider: Disconnectable): Promise<void> {
    const topic = provider.session?.topic
    if (!topic) return provider.disconnect()
    let ended = ending.get(topic)
    if (!ended) {
      ended = provider.disconnect().finally(() => ending.delete(topic))
      ending.set(topic, ended)
    }
    return ended
  }
  return {
    end,
    /** For an end nobody waits on: one already gone, or a relay away, is fine (the SDK expires it). */
    endQuietly: (provider: Disconnectable) =>
      end(provider).catch(() => undefined),
  }
}
