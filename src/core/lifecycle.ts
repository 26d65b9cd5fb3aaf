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

/**
 * Runs tasks one at a time, in the order they came: a wallet puts one request
 * before its user at a time, and a browser allows one passkey prompt at a time.
 * A failed task does not stop the ones behind it. `clear` rejects every task
 * not settled yet, the running one too (the connection they were made on is
 * gone). After it, the next task starts at once (`afterClear: 'start-at-once'`:
 * a departed wallet may never answer), or once the abandoned task has really
 * ended (`'wait-for-running'`: the browser shows one passkey prompt at a time).
 */
export type SerialQueue = ReturnType<typeof createSerialQueue>

export function createSerialQueue({
  afterClear = 'start-at-once',
}: {
  afterClear?: 'start-at-once' | 'wait-for-running'
} = {}) {
  let tail: Promise<unknown> = Promise.resolve()
  const unsettled = new Set<(error: unknown) => void>()

  function enqueue<result>(task: () => Promise<result>) {
    return new Promise<result>((resolve, reject) => {
      let cancelled = false
      const cancel = (error: unknown) => {
        cancelled = true
        reject(error)
      }
      unsettled.add(cancel)
      tail = tail.then(async () => {
        if (cancelled) return
        try {
          resolve(await task())
        } catch (error) {
          reject(error)
        } finally {
          unsettled.delete(cancel)
        }
      })
    })
  }

  function clear(error: unknown) {
    for (const cancel of unsettled) cancel(error)
    unsettled.clear()
    if (afterClear === 'start-at-once') tail = Promise.resolve()
  }

  return { enqueue, clear }
}

/**
 * Joins a call already under way instead of starting a second: `run(task, key)`
 * hands back the promise in flight for `key` (one slot when no key is given),
 * or starts `task` and forgets it once it settles, so the next call starts
 * afresh. For work whose repetition would reach a wallet or a vendor twice.
 */
export function singleFlight<result, key = undefined>() {
  const inFlight = new Map<key | undefined, Promise<result>>()
  return {
    run(task: () => Promise<result>, key?: key): Promise<result> {
      const joined = inFlight.get(key)
      if (joined) return joined
      const started = task().finally(() => inFlight.delete(key))
      inFlight.set(key, started)
      return started
    },
    /** Whether a call for `key` is under way. */
    running: (key?: key) => inFlight.has(key),
  }
}
