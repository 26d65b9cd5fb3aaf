// biome-ignore-all lint/performance/noBarrelFile: entrypoint module
// The Auth Proxy's error, apart from /passkey: a bundler that splits code
// would otherwise put it in the first load of every passkeyWallet page.
export { BaseError, type BaseErrorType } from '../core/errors/BaseError.js'
export {
  type AuthProxyEndpoint,
  AuthProxyError,
  type AuthProxyErrorCode,
  type AuthProxyErrorType,
} from '../turnkey/AuthProxyError.js'
