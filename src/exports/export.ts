// biome-ignore-all lint/performance/noBarrelFile: entrypoint module
// The export flow's errors, apart from /passkey: a bundler that splits code
// would otherwise put them in the first load of every passkeyWallet page.
export { BaseError, type BaseErrorType } from '../core/errors/BaseError.js'
export {
  ExportFrameClosedError,
  type ExportFrameClosedErrorType,
  ExportFrameError,
  type ExportFrameErrorType,
  ExportFrameTimeoutError,
  type ExportFrameTimeoutErrorType,
  ExportFrameUrlError,
  type ExportFrameUrlErrorType,
  ExportStepError,
  type ExportStepErrorType,
} from '../export/errors.js'
