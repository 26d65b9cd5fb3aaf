/// <reference path="./rateLimiterFlexible.d.ts" />
// The package's entry module loads every store it has, Node's `cluster`
// among them: only the two stores used here are loaded.
import RateLimiterMemory from 'rate-limiter-flexible/lib/RateLimiterMemory.js'
import RateLimiterRedis from 'rate-limiter-flexible/lib/RateLimiterRedis.js'
import RateLimiterRes from 'rate-limiter-flexible/lib/RateLimiterRes.js'
import { isWholeFrom } from '../core/checks.js'
import type { PasskeyBackendRoute } from './createPasskeyBackend.js'
import { InvalidPasskeyBackendParameterError } from './errors.js'
import { jsonAnswer } from './httpJson.js'

/**
 * A Redis client all your server instances share: node-redis (v4 or later,
 * connected) or ioredis.
 */
export type RateLimitRedisClient = object

export type RateLimitParameters = {
  /** Requests allowed per key in each window. */
  limit: number
  /** The window, in milliseconds (whole seconds are counted). */
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
  /**
   * Where the counts live: this process's memory by default, which serves
   * one long-running server; a Redis client shared by every instance
   * (serverless functions, a cluster), so that the limit holds across them.
   * While Redis fails, each instance counts in its own memory.
   */
  redis?: RateLimitRedisClient | undefined
  /** The prefix of the limit's keys in Redis: `wagmi-connector-pack` by default. */
  keyPrefix?: string | undefined
}

/**
 * A fixed-window rate limit for `createPasskeyBackend({ authorize })`, on
 * rate-limiter-flexible: past `limit` requests of one key in a window it
 * resolves to a 429 `rate_limited` answer with `Retry-After`, before any
 * vendor call; otherwise to `undefined`.
 */
export function createRateLimit({
  limit,
  windowMs,
  key,
  redis,
  keyPrefix = 'wagmi-connector-pack',
}: RateLimitParameters) {
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
  if (
    redis !== undefined &&
    (typeof redis !== 'object' || redis === null || !('sendCommand' in redis))
  )
    throw new InvalidPasskeyBackendParameterError(
      'createRateLimit redis',
      'a Redis client: node-redis (v4 or later) or ioredis',
    )
  if (typeof keyPrefix !== 'string' || keyPrefix === '')
    throw new InvalidPasskeyBackendParameterError(
      'createRateLimit keyPrefix',
      'a prefix for its Redis keys',
    )
  const counted = {
    points: limit,
    duration: Math.ceil(windowMs / 1000),
    keyPrefix,
  }
  const memory = new RateLimiterMemory(counted)
  const limiter = redis
    ? new RateLimiterRedis({
        ...counted,
        storeClient: redis,
        // ioredis defines commands; node-redis sends them.
        useRedisPackage: !('defineCommand' in redis),
        insuranceLimiter: memory,
      })
    : memory
  return async (
    request: Request,
    body: unknown,
    route: PasskeyBackendRoute,
  ): Promise<Response | undefined> => {
    const name = key(request, body, route)
    if (name === undefined) return undefined
    try {
      await limiter.consume(name)
      return undefined
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal
      return jsonAnswer(
        429,
        {
          code: 'rate_limited',
          message: 'Too many requests. Try again in a moment.',
        },
        { 'retry-after': String(Math.ceil(refusal.msBeforeNext / 1000)) },
      )
    }
  }
}
