import { describe, expect, it } from 'vitest'
import { InvalidEmailCodeError } from '../core/emailCode.js'
import {
  maxClockSkewSeconds,
  normalizeOtpCode,
  type RecoveryCredential,
  recoveryCodeValiditySeconds,
  validateRecoveryCode,
} from './recoveryCode.js'

const now = 1_800_000_000
const emailCredential: RecoveryCredential = {
  organizationId: '5f0c8a3e-1b2d-4c6e-9f70-123456789abc',
  userId: '2a1b3c4d-0000-4000-8000-000000000001',
  type: 'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256',
  createdAt: now - 60,
}
const passkeyCredential: RecoveryCredential = {
  ...emailCredential,
  type: 'CREDENTIAL_TYPE_RECOVER_USER_KEY_P256',
}

function refusal(...args: Parameters<typeof validateRecoveryCode>) {
  try {
    validateRecoveryCode(...args)
  } catch (error) {
    return error as InvalidEmailCodeError
  }
  throw new Error('expected the code to be refused')
}

describe('validateRecoveryCode', () => {
  it('accepts a fresh credential of the right type for each recovery', () => {
    expect(() =>
      validateRecoveryCode({
        recoveryType: 'email',
        credential: emailCredential,
        nowSeconds: now,
      }),
    ).not.toThrow()
    expect(() =>
      validateRecoveryCode({
        recoveryType: 'email',
        credential: {
          ...emailCredential,
          type: 'CREDENTIAL_TYPE_API_KEY_P256',
        },
        nowSeconds: now,
      }),
    ).not.toThrow()
    expect(() =>
      validateRecoveryCode({
        recoveryType: 'passkey',
        credential: passkeyCredential,
        nowSeconds: now,
      }),
    ).not.toThrow()
  })

  it.each([
    [
      'no user id',
      'email',
      { ...emailCredential, userId: undefined },
      /names no user/,
    ],
    [
      'an empty user id',
      'email',
      { ...emailCredential, userId: '' },
      /names no user/,
    ],
    [
      'no organization',
      'email',
      { ...emailCredential, organizationId: undefined },
      /names no organization/,
    ],
    [
      'a recover-user key for email recovery',
      'email',
      passkeyCredential,
      /cannot be used for email recovery/,
    ],
    [
      'an email-auth key for passkey recovery',
      'passkey',
      emailCredential,
      /cannot be used for passkey recovery/,
    ],
    [
      'a session key',
      'email',
      {
        ...emailCredential,
        type: 'CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256',
      },
      /cannot be used/,
    ],
    [
      'a credential exactly 900 s old',
      'email',
      { ...emailCredential, createdAt: now - recoveryCodeValiditySeconds },
      /900 s old/,
    ],
    [
      'a credential an hour old',
      'passkey',
      { ...passkeyCredential, createdAt: now - 3600 },
      /3600 s old/,
    ],
    [
      'a credential dated 301 s in the future (more than the clock skew allowed)',
      'email',
      { ...emailCredential, createdAt: now + maxClockSkewSeconds + 1 },
      /301 s in the future/,
    ],
    [
      'an email-recovery credential whose type the page could not read',
      'email',
      { ...emailCredential, type: undefined },
      /unknown credential cannot be used for email recovery/,
    ],
  ] as const)(
    'refuses %s with the one sentence users see',
    (_, recoveryType, credential, reason) => {
      const error = refusal({ recoveryType, credential, nowSeconds: now })
      expect(error).toBeInstanceOf(InvalidEmailCodeError)
      expect(error.shortMessage).toBe('The code is invalid or expired.')
      expect(error.reason).toMatch(reason)
    },
  )

  it('accepts a passkey-recovery credential whose type only the vendor can check (its key signs recover_user alone)', () => {
    expect(() =>
      validateRecoveryCode({
        recoveryType: 'passkey',
        credential: { ...passkeyCredential, type: undefined },
        nowSeconds: now,
      }),
    ).not.toThrow()
  })

  it('accepts a credential 899 s old, and one stamped up to 300 s ahead of this clock (the vendor clock runs ahead)', () => {
    for (const createdAt of [now - 899, now + 60, now + maxClockSkewSeconds])
      expect(() =>
        validateRecoveryCode({
          recoveryType: 'email',
          credential: { ...emailCredential, createdAt },
          nowSeconds: now,
        }),
      ).not.toThrow()
  })
})

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
          name: 'InvalidEmailCodeError',
          shortMessage: 'The code is invalid or expired.',
        }),
      )
    },
  )
})
