type Listener = (...args: any[]) => void

export type Listeners = {
  on(event: string, listener: Listener): void
  /** As EventEmitter's: kits read WalletConnect's URI with `once('display_uri')`. */
  once(event: string, listener: Listener): void
  removeListener(event: string, listener: Listener): void
  emit(event: string, ...args: unknown[]): void
}

/**
 * The host's event listeners of a connector's stable EIP-1193 provider: they
 * outlive the SDK objects behind it, which emit through `emit`.
 */
export function createListeners(): Listeners {
  const byEvent = new Map<string, Set<Listener>>()
  const on = (event: string, listener: Listener) => {
    const set = byEvent.get(event) ?? new Set()
    set.add(listener)
    byEvent.set(event, set)
  }
  const removeListener = (event: string, listener: Listener) => {
    byEvent.get(event)?.delete(listener)
  }
  return {
    on,
    once(event, listener) {
      const onceOnly: Listener = (...args) => {
        removeListener(event, onceOnly)
        listener(...args)
      }
      on(event, onceOnly)
    },
    removeListener,
    emit(event, ...args) {
      for (const listener of byEvent.get(event) ?? []) listener(...args)
    },
  }
}
