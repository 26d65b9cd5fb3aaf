import { BaseError } from '../core/errors/BaseError.js'

export type InvalidRecoveryCodeErrorType = InvalidRecoveryCodeError & {
  name: 'InvalidRecoveryCodeError'
}
/**
 * A recovery code that cannot be used. The user always reads the same
 * sentence; `reason` tells the developer which rule refused it.
 */
export class InvalidRecoveryCodeError extends BaseError {
  override name = 'InvalidRecoveryCodeError'
  static readonly code = 'invalid_recovery_code'
  readonly reason: string
  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super('The code is invalid or expired.', {
      code: InvalidRecoveryCodeError.code,
      details: reason,
      cause,
    })
    this.reason = reason
  }
}
