import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { withDeadline, withTimeout } from './deadlines.js'

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

class LateError extends Error {}

describe('withDeadline', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('gives the work its value, and clears its timer', async () => {
    const seen: AbortSignal[] = []
    const result = withDeadline(
      1000,
      async (signal) => {
        seen.push(signal)
        return 'answered'
      },
      () => new LateError(),
    )
    await expect(result).resolves.toBe('answered')
    expect(seen[0]?.aborted).toBe(false)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('passes the work’s own failure through', async () => {
    const failure = new Error('refused')
    await expect(
      withDeadline(
        1000,
        () => Promise.reject(failure),
        () => new LateError(),
      ),
    ).rejects.toBe(failure)
  })

  it('at the deadline: rejects with the error and aborts the signal with it, even when the work ignores the signal', async () => {
    let given: AbortSignal | undefined
    const result = withDeadline(
      500,
      (signal) => {
        given = signal
        return new Promise<never>(() => {})
      },
      () => new LateError('no answer within 500 ms'),
    )
    const assertion = expect(result).rejects.toThrow('no answer within 500 ms')
    await vi.advanceTimersByTimeAsync(499)
    expect(given?.aborted).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await assertion
    expect(given?.aborted).toBe(true)
    expect(given?.reason).toBeInstanceOf(LateError)
  })

  it('a fetch given the signal is cancelled at the deadline, and its abort does not replace the error', async () => {
    const cancelled = vi.fn()
    const result = withDeadline(
      100,
      (signal) =>
        new Promise((_, reject) =>
          signal.addEventListener('abort', () => {
            cancelled()
            reject(new DOMException('aborted', 'AbortError'))
          }),
        ),
      () => new LateError('late'),
    )
    const assertion = expect(result).rejects.toBeInstanceOf(LateError)
    await vi.advanceTimersByTimeAsync(100)
    await assertion
    expect(cancelled).toHaveBeenCalledOnce()
  })

  it('a work that throws at once is a rejection, not a throw', async () => {
    const result = withDeadline(
      100,
      () => {
        throw new Error('at once')
      },
      () => new LateError(),
    )
    await expect(result).rejects.toThrow('at once')
  })
})
