import { BaseError } from '../core/errors.js'

export type InvalidRecoveryCodeErrorType = InvalidRecoveryCodeError & {
  name: 'InvalidRecoveryCodeError'
}
/**
 * A recovery code that cannot be used. The user always reads the same
 * sentence; `reason` tells the developer which rule refused it.
 */
export class InvalidRecoveryCodeError extends BaseError {
  override name = 'InvalidRecoveryCodeError'
  static get code() {
    return 'invalid_recovery_code' as const
  }
  readonly reason: string
  /** How many more tries this code allows, when the vendor says (Auth Proxy codes). */
  readonly attemptsLeft: number | undefined
  /** This code can no longer work (expired, used, too many wrong tries): send a new one. */
  readonly newCodeNeeded: boolean
  constructor({
    reason,
    cause,
    attemptsLeft,
    newCodeNeeded = false,
  }: {
    reason: string
    cause?: unknown
    attemptsLeft?: number | undefined
    newCodeNeeded?: boolean | undefined
  }) {
    super('The code is invalid or expired.', {
      code: InvalidRecoveryCodeError.code,
      details: reason,
      cause,
      metaMessages: newCodeNeeded
        ? ['This code can no longer be used: send a new code.']
        : attemptsLeft !== undefined
          ? [
              `${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left with this code.`,
            ]
          : undefined,
    })
    this.reason = reason
    this.attemptsLeft = attemptsLeft
    this.newCodeNeeded = newCodeNeeded
  }
}

export type RecoveryAccountNotFoundErrorType = RecoveryAccountNotFoundError & {
  name: 'RecoveryAccountNotFoundError'
}
/**
 * The emailed code was right, but no wallet was signed up with that email
 * (Auth Proxy recovery, where the code proves the address first). Nothing
 * was changed.
 */
export class RecoveryAccountNotFoundError extends BaseError {
  override name = 'RecoveryAccountNotFoundError'
  static get code() {
    return 'recovery_account_not_found' as const
  }
  constructor({ email }: { email: string }) {
    super('No wallet was signed up with this email.', {
      code: RecoveryAccountNotFoundError.code,
      details: `no sub-organization has a user with the email ${email}`,
      metaMessages: [
        'Recovery finds the account by the email given at sign-up; an account made without one cannot be recovered.',
      ],
    })
  }
}
