import { describe, expect, it } from 'vitest'
import { normalizeOtpCode } from './normalizeOtpCode.js'

const digits = { length: 6, alphanumeric: false }
const crockford = { length: 8, alphanumeric: true }

describe('normalizeOtpCode', () => {
  it('takes a code as people paste it: spaces, a dash, lower case letters', () => {
    expect(normalizeOtpCode(' 123 456\n', digits)).toBe('123456')
    expect(normalizeOtpCode('123-456', digits)).toBe('123456')
    expect(normalizeOtpCode('ab12-cd34', crockford)).toBe('AB12CD34')
  })

  it.each([
    ['too short', '12345', digits],
    ['too long', '1234567', digits],
    ['a letter in a digits code', '12345a', digits],
    ['an I, which Crockford Base32 leaves out', 'AB12CD3I', crockford],
    ['a U, which Crockford Base32 leaves out', 'AB12CD3U', crockford],
    ['a whole emailed bundle pasted instead', 'x'.repeat(200), digits],
  ] as const)(
    'refuses %s with the one sentence, before any try is spent',
    (_, code, format) => {
      expect(() => normalizeOtpCode(code, format)).toThrow(
        expect.objectContaining({
          name: 'InvalidRecoveryCodeError',
          shortMessage: 'The code is invalid or expired.',
        }),
      )
    },
  )
})
