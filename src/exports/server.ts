// biome-ignore-all lint/performance/noBarrelFile: entrypoint module
export { BaseError, type BaseErrorType } from '../core/errors.js'
export {
  type CreatePasskeyBackendParameters,
  createPasskeyBackend,
  type OidcOptions,
  type PasskeyBackend,
  type PasskeyBackendHandler,
  type PasskeyBackendRoute,
} from '../server/createPasskeyBackend.js'
export {
  createRateLimit,
  type RateLimitParameters,
  type RateLimitRedisClient,
} from '../server/createRateLimit.js'
export type { SessionProfileOptions } from '../server/createSessionProfile.js'
export {
  InvalidSessionScopeError,
  type InvalidSessionScopeErrorType,
  type SessionTransactionLimits,
  sessionScope,
} from '../server/createSessionProfile.js'
export {
  SessionProfileConflictError,
  type SessionProfileConflictErrorType,
} from '../server/ensureSessionProfile.js'
export {
  InvalidPasskeyBackendParameterError,
  type InvalidPasskeyBackendParameterErrorType,
} from '../server/errors.js'
export {
  type GasSponsorshipLimits,
  GasSponsorshipLimitsError,
  type GasSponsorshipLimitsErrorType,
  type GasSponsorshipUsage,
} from '../server/gasSponsorship.js'
export type { OidcProvider } from '../server/idTokens.js'
export type {
  CreateAccountAnswer,
  CreateAccountRequest,
  OidcLogInAnswer,
  OidcLogInRequest,
  RecoveryStartAnswer,
  RecoveryStartRequest,
  SendEmailCodeAnswer,
  SendEmailCodeRequest,
  VerifyEmailCodeAnswer,
  VerifyEmailCodeRequest,
} from '../turnkey/hostBackendContract.js'
