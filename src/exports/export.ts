// biome-ignore-all lint/performance/noBarrelFile: entrypoint module
// Apart from /passkey: see docs/layout.md, "Shell and runtime".
export { BaseError, type BaseErrorType } from '../core/errors.js'
export { FlowStepError, type FlowStepErrorType } from '../core/stepRunner.js'
export {
  FrameError,
  type FrameErrorReason,
  type FrameErrorType,
  type FrameKind,
} from '../turnkey/createFrameChannel.js'
