// biome-ignore-all lint/performance/noBarrelFile: entrypoint module
export { detectPlatform, type Platform } from '../core/detectPlatform.js'
export { BaseError, type BaseErrorType } from '../core/errors/BaseError.js'
export {
  ChainNotConfiguredError,
  type ChainNotConfiguredErrorType,
  SwitchChainNotSupportedError,
  type SwitchChainNotSupportedErrorType,
  SwitchChainRejectedError,
  type SwitchChainRejectedErrorType,
} from '../core/errors/chain.js'
export {
  ProviderNotFoundError,
  type ProviderNotFoundErrorType,
} from '../core/errors/connection.js'
