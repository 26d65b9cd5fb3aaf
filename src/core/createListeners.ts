type Listener = (...args: any[]) => void

export type Listeners = {
  on(event: string, listener: Listener): void
  removeListener(event: string, listener: Listener): void
  emit(event: string, ...args: unknown[]): void
}

/**
 * The host's event listeners of a connector's stable EIP-1193 provider: they
 * outlive the SDK objects behind it, which emit through `emit`.
 */
export function createListeners(): Listeners {
  const byEvent = new Map<string, Set<Listener>>()
  return {
    on(event, listener) {
      const set = byEvent.get(event) ?? new Set()
      set.add(listener)
      byEvent.set(event, set)
    },
    removeListener(event, listener) {
      byEvent.get(event)?.delete(listener)
    },
    emit(event, ...args) {
      for (const listener of byEvent.get(event) ?? []) listener(...args)
    },
  }
}
