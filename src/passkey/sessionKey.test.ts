import { describe, expect, it } from 'vitest'
import { isLive } from './sessionKey.js'

describe('isLive', () => {
  it('reads the expiry in seconds, not milliseconds', () => {
    const key = { expiresAt: 1_800_000_000 } as Parameters<typeof isLive>[0]
    expect(isLive(key, 1_799_999_999_000)).toBe(true)
    expect(isLive(key, 1_800_000_000_000)).toBe(false)
  })
})
