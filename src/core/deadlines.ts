/**
 * Settles like `promise`, or rejects with `error` once `ms` have passed.
 * The timer is always cleared, so a settled call keeps no handle alive.
 */
export function withTimeout<value>(
  promise: PromiseLike<value>,
  ms: number,
  error: Error | (() => Error),
): Promise<value> {
  if (!Number.isFinite(ms) || ms < 0)
    throw new RangeError(
      `withTimeout: ms must be a finite number >= 0, got ${ms}`,
    )
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(typeof error === 'function' ? error() : error),
      ms,
    )
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Runs `work` with a signal that aborts once `ms` have passed; by then the
 * result is `error`, whether or not `work` heeds the signal (a host callback
 * may not pass it on to its fetch). A request given the signal is cancelled,
 * not left running.
 */
export function withDeadline<value>(
  ms: number,
  work: (signal: AbortSignal) => PromiseLike<value>,
  error: () => Error,
): Promise<value> {
  const controller = new AbortController()
  return withTimeout(
    Promise.resolve().then(() => work(controller.signal)),
    ms,
    () => {
      const timedOut = error()
      controller.abort(timedOut)
      return timedOut
    },
  )
}
