// biome-ignore-all lint/performance/noBarrelFile: entrypoint module
// Apart from /passkey: see docs/layout.md, "Shell and runtime".
export { BaseError, type BaseErrorType } from '../core/errors.js'
export {
  type AuthProxyEndpoint,
  AuthProxyError,
  type AuthProxyErrorCode,
  type AuthProxyErrorType,
} from '../turnkey/AuthProxyError.js'
