import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { withTimeout } from './withTimeout.js'

class SlowError extends Error {}

describe('withTimeout', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('resolves with the value when the promise settles first', async () => {
    const result = withTimeout(Promise.resolve(42), 1000, new SlowError())
    await expect(result).resolves.toBe(42)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('passes the rejection of the promise through', async () => {
    const failure = new Error('boom')
    await expect(
      withTimeout(Promise.reject(failure), 1000, new SlowError()),
    ).rejects.toBe(failure)
  })

  it('rejects with the given error once the time is up', async () => {
    const never = new Promise<number>(() => {})
    const result = withTimeout(never, 500, () => new SlowError('too slow'))
    const assertion = expect(result).rejects.toThrow(SlowError)
    await vi.advanceTimersByTimeAsync(499)
    expect(vi.getTimerCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    await assertion
    expect(vi.getTimerCount()).toBe(0)
  })

  it('refuses a negative or non-finite time', () => {
    expect(() => withTimeout(Promise.resolve(1), -1, new SlowError())).toThrow(
      RangeError,
    )
    expect(() =>
      withTimeout(Promise.resolve(1), Number.NaN, new SlowError()),
    ).toThrow(RangeError)
  })
})
