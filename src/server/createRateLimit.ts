import { isWholeFrom } from '../core/checks.js'
import type { PasskeyBackendRoute } from './createPasskeyBackend.js'
import { InvalidPasskeyBackendParameterError } from './errors.js'
import { jsonAnswer } from './httpJson.js'

/** Keys counted at once: past it the oldest window is dropped, so a flood of made-up keys holds bounded memory. */
const maxKeys = 100_000

export type RateLimitParameters = {
  /** Requests allowed per key in each window. */
  limit: number
  /** The window, in milliseconds. */
  windowMs: number
  /**
   * What is counted: a client's address, an email, or both joined, per
   * route; `undefined` counts nothing for this request. Take the address
   * from what your platform or your own proxy sets: the first entry of
   * `x-forwarded-for` is whatever the client sent, behind a proxy that
   * appends to it.
   */
  key(
    request: Request,
    body: unknown,
    route: PasskeyBackendRoute,
  ): string | undefined
}

/**
 * A fixed-window rate limit for `createPasskeyBackend({ authorize })`, kept
 * in this server process's memory: past `limit` requests of one key in a
 * window it answers 429 `rate_limited` with `Retry-After`, before any vendor
 * call. Several processes (serverless functions, a cluster) each count
 * their own: put a shared store behind `authorize` there.
 */
export function createRateLimit({ limit, windowMs, key }: RateLimitParameters) {
  if (!isWholeFrom(limit, 1, 1_000_000))
    throw new InvalidPasskeyBackendParameterError(
      'createRateLimit limit',
      'a whole number of requests from 1',
    )
  if (!isWholeFrom(windowMs, 1000, 86_400_000))
    throw new InvalidPasskeyBackendParameterError(
      'createRateLimit windowMs',
      'whole milliseconds from 1000 to 86400000',
    )
  if (typeof key !== 'function')
    throw new InvalidPasskeyBackendParameterError(
      'createRateLimit key',
      'a function (request, body, route) => string | undefined',
    )
  const windows = new Map<string, { count: number; endsAt: number }>()
  let sweptAt = 0
  return (
    request: Request,
    body: unknown,
    route: PasskeyBackendRoute,
  ): Response | undefined => {
    const counted = key(request, body, route)
    if (counted === undefined) return undefined
    const now = Date.now()
    // Ended windows go once a window: memory follows the keys seen lately.
    if (now - sweptAt >= windowMs) {
      for (const [name, ended] of windows)
        if (ended.endsAt <= now) windows.delete(name)
      sweptAt = now
    }
    const live = windows.get(counted)
    const window =
      live && live.endsAt > now ? live : { count: 0, endsAt: now + windowMs }
    window.count++
    windows.delete(counted)
    windows.set(counted, window)
    if (windows.size > maxKeys) windows.delete(windows.keys().next().value!)
    if (window.count <= limit) return undefined
    return jsonAnswer(
      429,
      {
        code: 'rate_limited',
        message: 'Too many requests. Try again in a moment.',
      },
      { 'retry-after': String(Math.ceil((window.endsAt - now) / 1000)) },
    )
  }
}
