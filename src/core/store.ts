/**
 * A value that changes, with listeners told after each change: the shape
 * React's `useSyncExternalStore` reads (`get` as its snapshot, `subscribe` as
 * its subscription). A flow keeps its public snapshot in one.
 */
export type Store<value> = {
  /** The current value: the same object until the next `set`. */
  get(): value
  /** Replaces the value, then tells every listener, even when nothing differs. */
  set(next: value): void
  /** Calls `listener` after every `set`; returns what stops that. */
  subscribe(listener: () => void): () => void
}

export function createStore<value>(initial: value): Store<value> {
  let current = initial
  const listeners = new Set<() => void>()
  return {
    get: () => current,
    set(next) {
      current = next
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
