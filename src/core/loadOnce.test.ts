import { describe, expect, it } from 'vitest'
import { loadOnce } from './loadOnce.js'

/** A make() whose calls are counted and whose result the test settles. */
function controlled<value>() {
  const calls: { resolve(value: value): void; reject(error: Error): void }[] =
    []
  const make = () =>
    new Promise<value>((resolve, reject) => calls.push({ resolve, reject }))
  return { make, calls }
}

describe('loadOnce', () => {
  it('makes the value once, however many ask meanwhile, and keeps it', async () => {
    const { make, calls } = controlled<string>()
    const loader = loadOnce(make)
    expect(loader.value).toBeUndefined()
    expect(loader.loading).toBe(false)
    const first = loader.load()
    const second = loader.load()
    expect(loader.loading).toBe(true)
    expect(calls).toHaveLength(1)
    calls[0]!.resolve('made')
    expect(await first).toBe('made')
    expect(await second).toBe('made')
    expect(loader.value).toBe('made')
    expect(loader.loading).toBe(false)
    expect(await loader.load()).toBe('made')
    expect(calls).toHaveLength(1)
  })

  it('after a failure, the next load tries again; the failure reaches those who asked', async () => {
    const { make, calls } = controlled<number>()
    const loader = loadOnce(make)
    const failing = loader.load()
    calls[0]!.reject(new Error('offline'))
    await expect(failing).rejects.toThrow('offline')
    expect(loader.value).toBeUndefined()
    expect(loader.loading).toBe(false)
    const retried = loader.load()
    expect(calls).toHaveLength(2)
    calls[1]!.resolve(7)
    expect(await retried).toBe(7)
  })

  it('current() gives the value once made, without starting it; undefined when not started or failed', async () => {
    const { make, calls } = controlled<string>()
    const loader = loadOnce(make)
    expect(await loader.current()).toBeUndefined()
    expect(calls).toHaveLength(0)
    const loading = loader.load()
    const current = loader.current()
    calls[0]!.resolve('there')
    await loading
    expect(await current).toBe('there')

    const failed = loadOnce(() => Promise.reject(new Error('no')))
    await failed.load().catch(() => undefined)
    expect(await failed.current()).toBeUndefined()
  })
})
