import { describe, expect, it } from 'vitest'
import { formatDuration, recoveryTimer } from './RecoverySteps.js'

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

describe('recoveryTimer', () => {
  const none = {
    interrupted: false,
    codeSecondsLeft: undefined,
    sessionSecondsLeft: undefined,
  }

  it("shows the code's time on the code step, and when it ran out", () => {
    expect(recoveryTimer('code', { ...none, codeSecondsLeft: 61 })).toBe(
      'The code works for 1:01 more.',
    )
    expect(recoveryTimer('code', { ...none, codeSecondsLeft: 0 })).toBe(
      'The code has expired: send a new one.',
    )
  })

  it("shows the session's time on the passkey step, and on the email step of an interrupted recovery only", () => {
    const session = { ...none, sessionSecondsLeft: 600 }
    expect(recoveryTimer('passkey', session)).toBe(
      'Recovery session ends in 10:00.',
    )
    expect(recoveryTimer('email', session)).toBe('')
    expect(recoveryTimer('email', { ...session, interrupted: true })).toBe(
      'Recovery session ends in 10:00.',
    )
  })
})
