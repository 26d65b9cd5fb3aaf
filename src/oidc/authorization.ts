import { withDeadline } from '../core/deadlines.js'
import { jwtPart, toBase64Url } from '../core/encodings.js'
import { isSecureUrl } from '../core/secureUrl.js'
import { OidcSignInError } from './errors.js'
import type { OidcProvider } from './providers.js'
import { signInStateMark } from './signInAnswer.js'

// One authorization at an OIDC provider, as the page runs it: discovery,
// the request (state, nonce, PKCE), the answer read back, the code
// redeemed, and the ID token checked against what was asked.

/** How long the provider's discovery and token endpoints may take. */
const endpointTimeoutMs = 10_000

/** An authorization asked for: what to open, and what its answer must match. */
export type Authorization = {
  provider: OidcProvider
  /** The provider's authorization URL with the request's parameters. */
  url: string
  redirectUri: string
  state: string
  nonce: string
  /** The PKCE verifier of a `code` request: the page keeps it until it redeems the code. */
  verifier: string | undefined
  tokenEndpoint: string | undefined
}

const randomText = () => toBase64Url(crypto.getRandomValues(new Uint8Array(32)))

/** Fetches JSON from the provider within the deadline; any failure is `unreachable`. */
async function providerJson(
  provider: OidcProvider,
  url: string,
  init?: RequestInit,
): Promise<Record<string, unknown>> {
  const unreachable = (details: string, cause?: unknown) =>
    new OidcSignInError({
      reason: 'unreachable',
      provider: provider.id,
      details,
      cause,
    })
  return withDeadline(
    endpointTimeoutMs,
    async (signal) => {
      let response: Response
      try {
        response = await fetch(url, { ...init, signal })
      } catch (cause) {
        throw unreachable(`${url} did not answer`, cause)
      }
      const body = await response.json().catch(() => undefined)
      if (!response.ok || typeof body !== 'object' || body === null)
        throw unreachable(
          `${url} answered HTTP ${response.status}${typeof body?.error === 'string' ? ` ${body.error}` : ''}`,
        )
      return body
    },
    () => unreachable(`${url} did not answer within ${endpointTimeoutMs} ms`),
  )
}

/**
 * The provider's authorization request for a key's `nonce`: its endpoints
 * from discovery (the document must name the configured issuer), a fresh
 * `state`, and a PKCE verifier for a `code` request.
 */
export async function startAuthorization(
  provider: OidcProvider,
  { nonce, redirectUri }: { nonce: string; redirectUri: string },
): Promise<Authorization> {
  const discovery = await providerJson(
    provider,
    `${provider.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
  )
  const { authorization_endpoint, token_endpoint } = discovery
  if (discovery.issuer !== provider.issuer)
    throw new OidcSignInError({
      reason: 'unreachable',
      provider: provider.id,
      details: `the discovery document of ${provider.issuer} names issuer ${String(discovery.issuer)}`,
    })
  // The page opens or posts to them: an https address only (http on this machine).
  if (
    typeof authorization_endpoint !== 'string' ||
    !isSecureUrl(authorization_endpoint) ||
    (token_endpoint !== undefined &&
      (typeof token_endpoint !== 'string' || !isSecureUrl(token_endpoint)))
  )
    throw new OidcSignInError({
      reason: 'unreachable',
      provider: provider.id,
      details: `the discovery document of ${provider.issuer} names an authorization or token endpoint that is not an https URL`,
    })
  const state = `${signInStateMark}${randomText()}`
  const code = provider.responseType === 'code'
  const verifier = code ? randomText() : undefined
  const url = new URL(authorization_endpoint)
  url.search = new URLSearchParams({
    client_id: provider.clientId,
    redirect_uri: redirectUri,
    response_type: provider.responseType,
    scope: provider.scope,
    state,
    nonce,
    ...(verifier
      ? {
          code_challenge: toBase64Url(
            await crypto.subtle.digest(
              'SHA-256',
              new TextEncoder().encode(verifier),
            ),
          ),
          code_challenge_method: 'S256',
        }
      : { response_mode: 'fragment' }),
  }).toString()
  return {
    provider,
    url: url.href,
    redirectUri,
    state,
    nonce,
    verifier,
    tokenEndpoint:
      typeof token_endpoint === 'string' ? token_endpoint : undefined,
  }
}

/**
 * The provider's answer on the page it sent the person back to: its
 * parameters (the query for a code, the fragment otherwise), refused unread
 * unless its `state` is this authorization's.
 */
export function readAuthorizationAnswer(
  authorization: Authorization,
  back: URL,
): { code?: string; idToken?: string } {
  const { provider } = authorization
  const fromFragment = provider.responseType !== 'code'
  const answer = new URLSearchParams(
    fromFragment ? back.hash.slice(1) : back.search,
  )
  // A provider's error may come in the query whatever the response mode.
  const error = answer.get('error') ?? back.searchParams.get('error')
  const state = answer.get('state') ?? back.searchParams.get('state')
  if (state !== authorization.state)
    throw new OidcSignInError({
      reason: 'stateMismatch',
      provider: provider.id,
      details: 'the answer’s state is not the one this sign-in sent',
    })
  if (error !== null)
    throw new OidcSignInError({
      reason: 'denied',
      provider: provider.id,
      providerError: error,
      details: `${error}: ${answer.get('error_description') ?? back.searchParams.get('error_description') ?? 'no description'}`,
    })
  const idToken = answer.get('id_token') ?? undefined
  const code = answer.get('code') ?? undefined
  if (fromFragment ? !idToken : !code)
    throw new OidcSignInError({
      reason: 'invalidToken',
      provider: provider.id,
      details: `the answer has no ${fromFragment ? 'id_token' : 'code'}`,
    })
  return fromFragment ? { idToken } : { code }
}

/** Redeems a `code` answer at the token endpoint with the PKCE verifier: the ID token. */
export async function redeemCode(
  authorization: Authorization,
  code: string,
): Promise<string> {
  const { provider, tokenEndpoint, verifier, redirectUri } = authorization
  if (!tokenEndpoint || !verifier)
    throw new OidcSignInError({
      reason: 'unreachable',
      provider: provider.id,
      details: `the discovery document of ${provider.issuer} names no token_endpoint`,
    })
  const answer = await providerJson(provider, tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: provider.clientId,
      code_verifier: verifier,
    }),
  })
  if (typeof answer.id_token !== 'string')
    throw new OidcSignInError({
      reason: 'invalidToken',
      provider: provider.id,
      details: 'the token endpoint answered no id_token',
    })
  return answer.id_token
}

/**
 * Checks the ID token's claims against the authorization before it leaves
 * the page: this issuer, this app, this key's nonce, not expired. Its
 * signature is the vendor's (and the host backend's) to verify: the page
 * holds no key of the provider's it could trust more.
 */
export function checkIdToken(
  authorization: Authorization,
  idToken: string,
  nowMs = Date.now(),
) {
  const { provider, nonce } = authorization
  const claims = jwtPart(idToken, 1)
  const refuse = (details: string) =>
    new OidcSignInError({
      reason: 'invalidToken',
      provider: provider.id,
      details,
    })
  if (!claims) throw refuse('the ID token is not a JWT')
  if (claims.iss !== provider.issuer)
    throw refuse(`its issuer is ${String(claims.iss)}, not ${provider.issuer}`)
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
  if (!audiences.includes(provider.clientId))
    throw refuse(`its audience is not the client id ${provider.clientId}`)
  if (claims.nonce !== nonce)
    throw refuse(
      'its nonce is not this sign-in’s: it was issued for another key',
    )
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= nowMs)
    throw refuse('it has expired')
  if (typeof claims.sub !== 'string' || claims.sub === '')
    throw refuse('it names no subject')
  return { subject: claims.sub }
}
