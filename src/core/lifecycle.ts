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
 * before its user at a time, and a browser shows one passkey prompt at a time
 * (passkeyWallet's ceremonies share one queue, so a prompt left open by a
 * disconnect ends before the next opens). A task starts at once, within the
 * caller's turn, when no other is running or waiting (iOS opens a passkey
 * prompt only in the user's tap, before any await), else once the one before
 * it has ended. A failed task does not stop the ones behind it. `clear`
 * rejects every task not settled yet, the running one too (the connection
 * they were made on is gone); the next task starts at once, as a departed
 * wallet may never answer.
 */
export type SerialQueue = ReturnType<typeof createSerialQueue>

export function createSerialQueue() {
  let tail: Promise<void> = Promise.resolve()
  // The tasks not settled yet: when a task comes to none but itself, it starts at once.
  const unsettled = new Set<(error: unknown) => void>()

  function enqueue<result>(task: () => Promise<result>) {
    return new Promise<result>((resolve, reject) => {
      let cancelled = false
      const cancel = (error: unknown) => {
        cancelled = true
        reject(error)
      }
      const run = async () => {
        try {
          if (!cancelled) resolve(await task())
        } catch (error) {
          reject(error)
        } finally {
          unsettled.delete(cancel)
        }
      }
      unsettled.add(cancel)
      tail = unsettled.size > 1 ? tail.then(run) : run()
    })
  }

  function clear(error: unknown) {
    for (const cancel of unsettled) cancel(error)
    unsettled.clear()
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
      const started = task().finally(() => {
        // forget() let go of it already, and a newer call may be in flight.
        if (inFlight.get(key) === started) inFlight.delete(key)
      })
      inFlight.set(key, started)
      return started
    },
    /** Whether a call for `key` is under way. */
    running: (key?: key) => inFlight.has(key),
    /** Lets go of every call under way: the next `run` starts afresh, whatever they do. */
    forget: () => inFlight.clear(),
  }
}
