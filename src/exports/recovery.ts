// biome-ignore-all lint/performance/noBarrelFile: entrypoint module
// Apart from /passkey: see docs/layout.md, "Shell and runtime".

export {
  LookalikeEmailError,
  type LookalikeEmailErrorType,
} from '../core/email.js'
export {
  InvalidEmailCodeError,
  type InvalidEmailCodeErrorType,
} from '../core/emailCode.js'
export { BaseError, type BaseErrorType } from '../core/errors.js'
export { FlowStepError, type FlowStepErrorType } from '../core/stepRunner.js'
export {
  RecoveryAccountNotFoundError,
  type RecoveryAccountNotFoundErrorType,
} from '../recovery/errors.js'
export {
  RecoveryNotConfiguredError,
  type RecoveryNotConfiguredErrorType,
} from '../recovery/RecoveryNotConfiguredError.js'
export {
  FrameError,
  type FrameErrorReason,
  type FrameErrorType,
  type FrameKind,
} from '../turnkey/createFrameChannel.js'
