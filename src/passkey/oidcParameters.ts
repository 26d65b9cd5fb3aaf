import { isWholeFrom } from '../core/checks.js'
import { isSecureUrl } from '../core/secureUrl.js'
import {
  type OidcProvider,
  type OidcProviderParameters,
  oidcPresets,
  oidcResponseTypes,
} from '../oidc/providers.js'
import type {
  OidcLogInAnswer,
  OidcLogInRequest,
} from '../turnkey/hostBackendContract.js'
import { InvalidPasskeyWalletParameterError } from './errors.js'

/** `socialLogin()`: the providers a person may sign up, log in and recover with. */
export type SocialLoginParameters = {
  providers: readonly OidcProviderParameters[]
  /**
   * The page of this origin the provider sends the person back to, as
   * registered at each provider: the origin's root (`https://app.example/`)
   * by default.
   */
  redirectUri?: string | undefined
  /**
   * The host backend's OIDC log-in route (`createPasskeyBackend({ oidc })`'s
   * `oidcLogIn`): it checks the ID token, makes the account when there is
   * none, and logs the session key in under its session profile. Resolve to
   * the JSON answered or to the `fetch` Response. Without it, the vendor's
   * Auth Proxy (`authProxy`) logs in.
   */
  logIn?:
    | ((
        request: OidcLogInRequest,
        options: { signal: AbortSignal },
      ) => Promise<OidcLogInAnswer | Response>)
    | undefined
  /** How long a person may take at the provider: 10000 to 600000 ms, default 300000. */
  timeoutMs?: number | undefined
}

const defaultTimeoutMs = 300_000

/**
 * `socialLogin()`'s options, checked, with their defaults; loaded only with
 * the sign-in code. A bad one is an InvalidPasskeyWalletParameterError
 * naming it (as `oidc.…`, passkeyWallet's option); so is a missing way to
 * log in (`logIn` or passkeyWallet's `authProxy`).
 */
export function checkOidcParameters(
  oidc: SocialLoginParameters | undefined,
  { hasAuthProxy }: { hasAuthProxy: boolean },
) {
  const invalid = (name: string, expected: string) =>
    new InvalidPasskeyWalletParameterError(`oidc${name}`, expected)
  if (
    typeof oidc !== 'object' ||
    oidc === null ||
    !Array.isArray(oidc.providers)
  )
    throw invalid(
      '',
      '`{ providers: [{ id: "google", clientId }] }`: the providers people may sign in with',
    )
  const providers = new Map<string, OidcProvider>()
  oidc.providers.forEach((given: OidcProviderParameters, index) => {
    const at = `.providers[${index}]`
    if (typeof given?.id !== 'string' || !/^[a-z0-9_-]{1,32}$/i.test(given.id))
      throw invalid(
        `${at}.id`,
        '"google", "apple", or an id of yours (letters, digits, - or _)',
      )
    if (providers.has(given.id))
      throw invalid(`${at}.id`, 'an id no other provider has')
    if (typeof given.clientId !== 'string' || given.clientId.trim() === '')
      throw invalid(`${at}.clientId`, "your app's client id at the provider")
    const preset = oidcPresets[given.id]
    const issuer = given.issuer ?? preset?.issuer
    if (typeof issuer !== 'string' || !isSecureUrl(issuer))
      throw invalid(
        `${at}.issuer`,
        "the provider's issuer URL (https://, http:// only on localhost or 127.0.0.1), with its discovery document under it",
      )
    const responseType = given.responseType ?? preset?.responseType ?? 'code'
    if (!oidcResponseTypes.includes(responseType))
      throw invalid(
        `${at}.responseType`,
        `one of ${oidcResponseTypes.map((t) => `"${t}"`).join(', ')}`,
      )
    const scope = given.scope ?? preset?.scope ?? 'openid email'
    if (typeof scope !== 'string' || !scope.split(' ').includes('openid'))
      throw invalid(
        `${at}.scope`,
        'space-separated scopes, "openid" among them',
      )
    const name = given.name ?? preset?.name ?? given.id
    if (typeof name !== 'string' || name.trim() === '' || name.length > 64)
      throw invalid(`${at}.name`, '1 to 64 characters')
    providers.set(given.id, {
      id: given.id,
      clientId: given.clientId,
      // As written: the tokens' `iss` is compared with it character for character.
      issuer,
      name,
      responseType,
      scope,
    })
  })
  if (providers.size === 0) throw invalid('.providers', 'at least one provider')
  const redirectUri = oidc.redirectUri ?? `${location.origin}/`
  if (
    typeof redirectUri !== 'string' ||
    URL.parse(redirectUri)?.origin !== location.origin
  )
    throw invalid(
      '.redirectUri',
      `a page of this origin (${location.origin}), registered at each provider`,
    )
  if (
    oidc.logIn !== undefined ? typeof oidc.logIn !== 'function' : !hasAuthProxy
  )
    throw invalid(
      '.logIn',
      'a function that calls your backend’s oidc-login route (or `authProxy: { configId }`, to use the vendor’s Auth Proxy)',
    )
  const timeoutMs = oidc.timeoutMs ?? defaultTimeoutMs
  if (!isWholeFrom(timeoutMs, 10_000, 600_000))
    throw invalid('.timeoutMs', 'whole milliseconds from 10000 to 600000')
  return { providers, redirectUri, logIn: oidc.logIn, timeoutMs }
}

export type CheckedOidcParameters = ReturnType<typeof checkOidcParameters>
