import { BaseError } from '../core/errors.js'

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
