import { UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { InvalidEmailCodeError } from '../core/emailCode.js'
import { PasskeyError } from '../passkey/errors.js'
import { VendorRequestError } from '../turnkey/errors.js'
import { describeError } from './describeError.js'

describe('describeError', () => {
  it('a closed passkey prompt, however wrapped, says nothing changed', () => {
    const cancelled = new UserRejectedRequestError(
      new PasskeyError('ERROR_CEREMONY_ABORTED', 'aborted'),
    )
    expect(describeError(cancelled)).toMatch(
      /^The passkey prompt was closed\. Nothing was changed/,
    )
  })

  it("uses the spec's sentence for a bad code", () => {
    expect(
      describeError(
        new InvalidEmailCodeError({ purpose: 'recovery', reason: 'too old' }),
      ),
    ).toBe('The code is invalid or expired.')
  })

  it('adds the tries left, or that a new code is needed, after the sentence', () => {
    expect(
      describeError(
        new InvalidEmailCodeError({
          purpose: 'recovery',
          reason: 'wrong',
          attemptsLeft: 1,
        }),
      ),
    ).toBe('The code is invalid or expired. 1 try left.')
    expect(
      describeError(
        new InvalidEmailCodeError({
          purpose: 'recovery',
          reason: 'spent',
          newCodeNeeded: true,
        }),
      ),
    ).toBe('The code is invalid or expired. Send a new code.')
  })

  it("shows a vendor's own message, without the developer details", () => {
    const error = new VendorRequestError({
      status: 429,
      statusText: 'Too Many Requests',
      body: {
        code: 8,
        message:
          'Too many requests. Please wait and try again in a few seconds',
      },
    })
    expect(describeError(error)).toBe(
      'Too many requests. Please wait and try again in a few seconds',
    )
  })

  it('an unreachable network is said plainly', () => {
    expect(describeError(new TypeError('Failed to fetch'))).toBe(
      'The network is unreachable. Check your connection and try again.',
    )
  })

  it('anything else: its first line', () => {
    expect(describeError(new Error('Boom\nstack details'))).toBe('Boom')
  })
})
