import { BaseError } from '../core/errors.js'

export type EmailNotVerifiedErrorType = EmailNotVerifiedError & {
  name: 'EmailNotVerifiedError'
}
/**
 * A sign-up named an email whose code was not entered: an address becomes
 * an account's recovery address only once its owner proved it.
 */
export class EmailNotVerifiedError extends BaseError {
  override name = 'EmailNotVerifiedError'
  static get code() {
    return 'email_not_verified' as const
  }
  constructor({ email }: { email: string }) {
    super('Confirm your email with the code we sent before signing up.', {
      code: EmailNotVerifiedError.code,
      details: `no confirmed code for ${email} on this page`,
      metaMessages: [
        'Call connector.sendEmailCode(email), then connector.confirmEmailCode(code) (or use useEmailVerification from wagmi-connector-pack/react), then connect({ signUp: { userName, email } }) with the same email; or sign up without an email (no email recovery).',
      ],
      docsPath: 'docs/passkey.md#sign-up-with-a-verified-email',
    })
  }
}

export type EmailTakenErrorType = EmailTakenError & { name: 'EmailTakenError' }
/** The verified email already belongs to an account: recover it instead. */
export class EmailTakenError extends BaseError {
  override name = 'EmailTakenError'
  static get code() {
    return 'email_taken' as const
  }
  constructor({ email, cause }: { email: string; cause?: unknown }) {
    super(
      'This email already has an account. Recover it instead of signing up again.',
      {
        code: EmailTakenError.code,
        cause,
        details: `${email} already recovers an account`,
        docsPath: 'docs/passkey.md#sign-up-with-a-verified-email',
      },
    )
  }
}

export type InvalidEmailCodeErrorType = InvalidEmailCodeError & {
  name: 'InvalidEmailCodeError'
}
/** The code entered is not the one sent, or it expired; `newCodeNeeded` says whether to send another. */
export class InvalidEmailCodeError extends BaseError {
  override name = 'InvalidEmailCodeError'
  static get code() {
    return 'invalid_email_code' as const
  }
  readonly attemptsLeft: number | undefined
  readonly newCodeNeeded: boolean
  constructor({
    reason,
    attemptsLeft,
    newCodeNeeded,
    cause,
  }: {
    reason: string
    attemptsLeft?: number | undefined
    newCodeNeeded: boolean
    cause?: unknown
  }) {
    super('The code is invalid or expired.', {
      code: InvalidEmailCodeError.code,
      cause,
      details: reason,
      metaMessages: [
        newCodeNeeded
          ? 'Send a new code: this one can no longer be used.'
          : `Enter the code again${attemptsLeft === undefined ? '' : ` (${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left)`}.`,
      ],
      docsPath: 'docs/passkey.md#sign-up-with-a-verified-email',
    })
    this.attemptsLeft = attemptsLeft
    this.newCodeNeeded = newCodeNeeded
  }
}
