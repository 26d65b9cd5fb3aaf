/**
 * Work that a later reset makes stale. Each piece of work takes `current()`
 * when it starts and checks `aborted` after every await (or hands the signal
 * to fetch or WebAuthn, which then stop by themselves); `supersede()` (a
 * disconnect, a reset, a new attempt) aborts every signal handed out so far.
 */
export type Supersession = {
  /** The signal of work starting now: aborted by the next `supersede()`. */
  current(): AbortSignal
  /** Makes all work begun so far stale; returns the signal of the work that follows. */
  supersede(): AbortSignal
}

export function createSupersession(): Supersession {
  let controller = new AbortController()
  return {
    current: () => controller.signal,
    supersede() {
      controller.abort()
      controller = new AbortController()
      return controller.signal
    },
  }
}
