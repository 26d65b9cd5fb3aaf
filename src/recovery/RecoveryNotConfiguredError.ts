import { BaseError } from '../core/errors.js'

export type RecoveryNotConfiguredErrorType = RecoveryNotConfiguredError & {
  name: 'RecoveryNotConfiguredError'
}
/** passkeyWallet was created without `recovery.start` and without `authProxy`. */
export class RecoveryNotConfiguredError extends BaseError {
  override name = 'RecoveryNotConfiguredError'
  static get code() {
    return 'recovery_not_configured' as const
  }
  constructor() {
    super('Account recovery is not available here.', {
      code: RecoveryNotConfiguredError.code,
      metaMessages: [
        'Pass `recovery: { start }` to passkeyWallet(): a call to your backend that starts',
        'the recovery with the parent API key (init_user_email_recovery or email_auth),',
        'or `authProxy: { configId }` to recover by email code through the vendor’s Auth Proxy.',
      ],
    })
  }
}
