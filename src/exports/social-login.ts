// biome-ignore-all lint/performance/noBarrelFile: entrypoint module
// Apart from /passkey: a host without providers bundles none of it (docs/social-login.md).
export { BaseError, type BaseErrorType } from '../core/errors.js'

export {
  OidcSignInError,
  type OidcSignInErrorReason,
  type OidcSignInErrorType,
} from '../oidc/errors.js'
export type {
  OidcProviderParameters,
  OidcResponseType,
} from '../oidc/providers.js'
export type { SocialLoginParameters } from '../passkey/oidcParameters.js'
export type {
  LinkedProvider,
  ProviderLinks,
} from '../passkey/providerLinks.js'
export { type SocialLogin, socialLogin } from '../passkey/socialLogin.js'
export type {
  OidcLogInAnswer,
  OidcLogInRequest,
} from '../turnkey/hostBackendContract.js'
