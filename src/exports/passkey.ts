// biome-ignore-all lint/performance/noBarrelFile: entrypoint module
export { BaseError, type BaseErrorType } from '../core/errors/BaseError.js'
export {
  ChainNotConfiguredError,
  type ChainNotConfiguredErrorType,
  PublicClientNotFoundError,
  type PublicClientNotFoundErrorType,
} from '../core/errors/chain.js'
export {
  RequestRefusedError,
  type RequestRefusedErrorType,
  SessionNotFoundError,
  type SessionNotFoundErrorType,
} from '../core/errors/connection.js'
