import { describe, expect, it } from 'vitest'
import { createSupersession } from './createSupersession.js'

describe('createSupersession', () => {
  it('hands out one live signal until superseded, then aborts every one handed out', () => {
    const work = createSupersession()
    const first = work.current()
    const second = work.current()
    expect(first).toBe(second)
    expect(first.aborted).toBe(false)
    const next = work.supersede()
    expect([first.aborted, second.aborted, next.aborted]).toEqual([
      true,
      true,
      false,
    ])
    expect(work.current()).toBe(next)
  })

  it('stops work that was handed the signal: a fetch-like wait rejects at once', async () => {
    const work = createSupersession()
    const signal = work.current()
    const waiting = new Promise((_, reject) =>
      signal.addEventListener('abort', () => reject(signal.reason)),
    )
    work.supersede()
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('each supersede ends only what came before it', () => {
    const work = createSupersession()
    work.supersede()
    const afterFirst = work.current()
    const afterSecond = work.supersede()
    expect(afterFirst.aborted).toBe(true)
    expect(afterSecond.aborted).toBe(false)
  })
})
