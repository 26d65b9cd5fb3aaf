// biome-ignore-all lint/performance/noBarrelFile: entrypoint module
// The recovery flow's errors, apart from /passkey: a bundler that splits code
// would otherwise put them in the first load of every passkeyWallet page.
export { BaseError, type BaseErrorType } from '../core/errors/BaseError.js'
export {
  InvalidRecoveryCodeError,
  type InvalidRecoveryCodeErrorType,
  RecoveryAccountNotFoundError,
  type RecoveryAccountNotFoundErrorType,
  RecoveryFrameError,
  type RecoveryFrameErrorType,
  RecoveryStepError,
  type RecoveryStepErrorType,
} from '../recovery/errors.js'
export {
  RecoveryNotConfiguredError,
  type RecoveryNotConfiguredErrorType,
} from '../recovery/RecoveryNotConfiguredError.js'
