import { withTimeout } from './withTimeout.js'

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
