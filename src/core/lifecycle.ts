/**
 * A value made once, on first use: `load()` starts making it (again, after a
 * failure: the next call tries again) and `value` holds it once made, for
 * code that must not await.
 */
export function loadOnce<value>(make: () => Promise<value>) {
  let made: value | undefined
  let making: Promise<value> | undefined
  return {
    get value() {
      return made
    },
    /** Being made, not yet there. */
    get loading() {
      return making !== undefined && made === undefined
    },
    load(): Promise<value> {
      making ??= make().then(
        (value) => {
          made = value
          return value
        },
        (error: unknown) => {
          making = undefined
          throw error
        },
      )
      return making
    },
    /** The value once made, without starting to make it: `undefined` if not started or failed. */
    async current(): Promise<value | undefined> {
      return making?.catch(() => undefined)
    },
  }
}

/** What `loadOnce` gives. */
export type LoadOnce<value> = ReturnType<typeof loadOnce<value>>

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
