import { describe, expect, it } from 'vitest'
import { createSessionEnder } from './createSessionEnder.js'

function provider() {
  let release: () => void = () => undefined
  const state = {
    session: { topic: 'ab' } as { topic: string } | undefined,
    disconnects: 0,
    disconnect() {
      state.disconnects++
      return new Promise<void>((resolve) => {
        release = () => {
          state.session = undefined
          resolve()
        }
      })
    },
    release: () => release(),
  }
  return state
}

describe('createSessionEnder', () => {
  it('ends a session once however often it is asked meanwhile', async () => {
    const { end, endQuietly } = createSessionEnder()
    const wc = provider()
    const first = end(wc)
    const second = endQuietly(wc)
    expect(wc.disconnects).toBe(1)
    wc.release()
    await Promise.all([first, second])
    // Ended: a later call asks the provider again, which has no session to delete.
    await Promise.all([end(wc), Promise.resolve(wc.release())])
    expect(wc.disconnects).toBe(2)
  })

  it('endQuietly swallows what end() reports', async () => {
    const { end, endQuietly } = createSessionEnder()
    const failing = {
      session: { topic: 'cd' },
      disconnect: () => Promise.reject(new Error('relay away')),
    }
    await expect(endQuietly(failing)).resolves.toBeUndefined()
    await expect(end(failing)).rejects.toThrow('relay away')
  })
})
