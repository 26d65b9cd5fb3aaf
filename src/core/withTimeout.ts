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
