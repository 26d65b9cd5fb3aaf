import { describe, expect, it } from 'vitest'
import { formatDuration } from './useCountdown.js'

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [9, '0:09'],
    [900, '15:00'],
    [1799.9, '29:59'],
    [3661, '1:01:01'],
    [-5, '0:00'],
  ])('%s s reads %s', (seconds, text) =>
    expect(formatDuration(seconds)).toBe(text),
  )
})
