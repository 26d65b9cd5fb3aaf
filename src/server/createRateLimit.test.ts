import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRateLimit } from './createRateLimit.js'
import { InvalidPasskeyBackendParameterError } from './errors.js'

const request = (ip: string) =>
  new Request('https://app.example/api/start-recovery', {
    method: 'POST',
    headers: { 'x-forwarded-for': ip },
  })
const byIp = (r: Request) => r.headers.get('x-forwarded-for') ?? undefined

afterEach(() => {
  vi.useRealTimers()
})

describe('createRateLimit', () => {
  it('lets `limit` requests of a key through each window, then answers 429 with Retry-After', async () => {
    vi.useFakeTimers({ now: 0 })
    const limit = createRateLimit({ limit: 2, windowMs: 60_000, key: byIp })
    const ask = (ip: string) => limit(request(ip), {}, 'start-recovery')
    expect(await ask('1.1.1.1')).toBeUndefined()
    expect(await ask('1.1.1.1')).toBeUndefined()
    // Another key counts apart.
    expect(await ask('2.2.2.2')).toBeUndefined()
    vi.setSystemTime(15_000)
    const refused = (await ask('1.1.1.1'))!
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('45')
    expect(await refused.json()).toEqual({
      code: 'rate_limited',
      message: 'Too many requests. Try again in a moment.',
    })
    // A new window lets the key through again.
    vi.setSystemTime(60_001)
    expect(await ask('1.1.1.1')).toBeUndefined()
  })

  it('counts nothing for a request its key leaves out', async () => {
    const limit = createRateLimit({
      limit: 1,
      windowMs: 1000,
      key: () => undefined,
    })
    for (const _ of [1, 2, 3])
      expect(await limit(request('1.1.1.1'), {}, 'sign-up')).toBeUndefined()
  })

  it.each([
    ['a limit of 0', { limit: 0, windowMs: 1000, key: byIp }, 'limit'],
    [
      'a window under a second',
      { limit: 1, windowMs: 10, key: byIp },
      'windowMs',
    ],
    ['no key', { limit: 1, windowMs: 1000 }, 'key'],
    [
      'a Redis client that is none',
      { limit: 1, windowMs: 1000, key: byIp, redis: { url: 'redis://x' } },
      'redis',
    ],
    [
      'an empty key prefix',
      { limit: 1, windowMs: 1000, key: byIp, keyPrefix: '' },
      'keyPrefix',
    ],
  ])('refuses %s, naming the option', (_, parameters, option) => {
    expect(() => createRateLimit(parameters as never)).toThrow(
      InvalidPasskeyBackendParameterError,
    )
    expect(() => createRateLimit(parameters as never)).toThrow(option)
  })
})
