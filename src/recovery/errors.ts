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

export type RecoveryStepErrorType = RecoveryStepError & {
  name: 'RecoveryStepError'
}
/** A recovery action called out of order, e.g. a code before any email was sent. */
export class RecoveryStepError extends BaseError {
  override name = 'RecoveryStepError'
  static readonly code = 'recovery_step'
  constructor({ action, step }: { action: string; step: string }) {
    super('Cannot proceed with your request', {
      code: RecoveryStepError.code,
      details: `${action}() cannot run while recovery is at "${step}"`,
      metaMessages: [
        'Follow the steps in order: sendEmail, submitCode, createPasskey; reset() starts again.',
      ],
    })
  }
}

export type RecoveryNotConfiguredErrorType = RecoveryNotConfiguredError & {
  name: 'RecoveryNotConfiguredError'
}
/** passkeyWallet was created without `recovery.start`. */
export class RecoveryNotConfiguredError extends BaseError {
  override name = 'RecoveryNotConfiguredError'
  static readonly code = 'recovery_not_configured'
  constructor() {
    super('Account recovery is not available here.', {
      code: RecoveryNotConfiguredError.code,
      metaMessages: [
        'Pass `recovery: { start }` to passkeyWallet(): a call to your backend that starts',
        'the recovery with the parent API key (init_user_email_recovery or email_auth).',
      ],
    })
  }
}

export type RecoveryFrameErrorType = RecoveryFrameError & {
  name: 'RecoveryFrameError'
}
/**
 * The isolated frame that holds the recovery code's key did not load, did
 * not answer, or is gone. Nothing was changed; the user can try again.
 */
export class RecoveryFrameError extends BaseError {
  override name = 'RecoveryFrameError'
  static readonly code = 'recovery_frame_failed'
  constructor({ url, reason }: { url: string; reason: string }) {
    super('The secure recovery frame did not respond. Please try again.', {
      code: RecoveryFrameError.code,
      details: `${url}: ${reason}`,
      metaMessages: [
        'Check that recovery.frameUrl serves the frame (wagmi-connector-pack/export-frame.html, or the vendor’s https://auth.turnkey.com), on another origin than this page, and that this page’s Content-Security-Policy allows it in frame-src.',
      ],
    })
  }
}
