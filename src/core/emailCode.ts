import { BaseError } from './errors.js'

export type InvalidEmailCodeErrorType = InvalidEmailCodeError & {
  name: 'InvalidEmailCodeError'
}
/**
 * An emailed code that cannot be used: not the one sent, expired, used, or
 * refused. The user always reads the same sentence; `purpose` says which
 * code (the sign-up's proof of an email, or a recovery code), `reason`
 * which rule refused it, and `newCodeNeeded` whether to send another.
 */
export class InvalidEmailCodeError extends BaseError {
  override name = 'InvalidEmailCodeError'
  static get code() {
    return 'invalid_email_code' as const
  }
  readonly purpose: 'sign-up' | 'recovery'
  readonly reason: string
  /** How many more tries this code allows, when the vendor says. */
  readonly attemptsLeft: number | undefined
  /** This code can no longer work (expired, used, too many wrong tries): send a new one. */
  readonly newCodeNeeded: boolean
  constructor({
    purpose,
    reason,
    cause,
    attemptsLeft,
    newCodeNeeded = false,
  }: {
    purpose: 'sign-up' | 'recovery'
    reason: string
    cause?: unknown
    attemptsLeft?: number | undefined
    newCodeNeeded?: boolean | undefined
  }) {
    super('The code is invalid or expired.', {
      code: InvalidEmailCodeError.code,
      details: reason,
      cause,
      metaMessages: [
        newCodeNeeded
          ? 'Send a new code: this one can no longer be used.'
          : `Enter the code again${attemptsLeft === undefined ? '' : ` (${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left)`}.`,
      ],
      docsPath:
        purpose === 'sign-up'
          ? 'docs/passkey.md#sign-up-with-a-verified-email'
          : 'docs/panels.md',
    })
    this.purpose = purpose
    this.reason = reason
    this.attemptsLeft = attemptsLeft
    this.newCodeNeeded = newCodeNeeded
  }
}
