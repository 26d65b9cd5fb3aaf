import {
  createRemoteJWKSet,
  customFetch,
  decodeJwt,
  errors,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose'
import { isSecureUrl } from '../core/secureUrl.js'
import { oidcNonce } from '../turnkey/hostBackendContract.js'
import { OidcProviderError, Refusal } from './errors.js'

// ID tokens from the OIDC providers a host accepts, verified here before the
// vendor hears of them: the issuer's signature (its keys through its
// discovery document), `iss`, `aud`, `exp`, and the nonce that binds the
// token to the one session key it may log in.

/** A provider the host accepts: its issuer (the tokens' `iss`) and the host's client id there (their `aud`). */
export type OidcProvider = { issuer: string; clientId: string }

/** Who a verified ID token names: the person (`sub`) at the provider, for the host's client. */
export type VerifiedIdToken = {
  issuer: string
  clientId: string
  subject: string
}

/** The algorithms OIDC providers sign ID tokens with (Google and Apple: RS256). */
const algorithms = ['RS256', 'ES256']
/** A provider's discovery and keys each answer within this, at most (a third of the handler's deadline when that is shorter). */
const maxProviderTimeoutMs = 5000

const invalidToken = (message: string) =>
  new Refusal(400, 'invalid_oidc_token', message)
const signInAgain = 'sign in with the provider again'

/**
 * The ID token check of the OIDC log-in route, for the providers given:
 * each issuer's discovery document and keys are fetched once and kept (the
 * keys refreshed by jose's remote key set: at most every 10 minutes, and on
 * an unknown key id), each fetch within `timeoutMs / 3` (5 s at most).
 */
export function createIdTokenVerifier({
  providers,
  timeoutMs,
}: {
  providers: readonly OidcProvider[]
  timeoutMs: number
}) {
  const providerTimeoutMs = Math.min(
    maxProviderTimeoutMs,
    Math.floor(timeoutMs / 3),
  )
  const keySets = new Map<string, Promise<JWTVerifyGetKey>>()

  /** The issuer's keys, through its discovery document; forgotten on failure, so the next token tries again. */
  function keysOf(issuer: string) {
    let keys = keySets.get(issuer)
    if (!keys) {
      keys = discoverKeys(issuer, providerTimeoutMs)
      keySets.set(issuer, keys)
      keys.catch(() => keySets.delete(issuer))
    }
    return keys
  }

  /**
   * The token's person, once every check holds; else 400
   * `invalid_oidc_token` naming the check that failed (the caller holds the
   * token, so this tells them nothing about anyone else), or an
   * OidcProviderError when the provider could not be read.
   */
  return async function verifyIdToken(
    token: string,
    publicKey: string,
  ): Promise<VerifiedIdToken> {
    let issuer: unknown
    try {
      issuer = decodeJwt(token).iss
    } catch {
      throw invalidToken(
        `The ID token's claims do not read as a JWT's: send the provider's ID token as it came, or ${signInAgain}.`,
      )
    }
    // Chosen by the claim before any check, and only among the configured:
    // no request goes to an issuer the host did not name.
    const clientIds = providers
      .filter((candidate) => candidate.issuer === issuer)
      .map((candidate) => candidate.clientId)
    const accepted = [...new Set(providers.map((p) => p.issuer))].join(', ')
    if (typeof issuer !== 'string')
      throw invalidToken(
        `The ID token names no issuer (iss): this app accepts ${accepted}.`,
      )
    if (clientIds.length === 0)
      throw invalidToken(
        `The ID token's issuer (iss) ${JSON.stringify(issuer)} is not a provider this app accepts (${accepted}).`,
      )
    let claims: JWTPayload
    try {
      const keys = await keysOf(issuer)
      claims = (
        await jwtVerify(token, keys, {
          issuer,
          // Any of the host's client ids at this issuer (its web and iOS apps).
          audience: clientIds,
          algorithms,
          requiredClaims: ['exp', 'sub', 'nonce'],
        })
      ).payload
    } catch (error) {
      throw refusalOf(error, { issuer, clientIds })
    }
    if (claims.nonce !== oidcNonce(publicKey))
      throw invalidToken(
        `The ID token was issued for another key: its nonce is not the SHA-256 of \`publicKey\` (lower-case hex of the key's hex). Start the sign-in with that nonce, for this key.`,
      )
    if (typeof claims.sub !== 'string' || claims.sub === '')
      throw invalidToken(
        `The ID token names nobody (its sub is not a string): ${signInAgain}.`,
      )
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
    return {
      issuer,
      clientId: clientIds.find((id) => audiences.includes(id))!,
      subject: claims.sub,
    }
  }
}

/** What jose's refusal means for the caller: which check failed, or that the provider could not be read. */
function refusalOf(
  error: unknown,
  { issuer, clientIds }: { issuer: string; clientIds: string[] },
) {
  if (error instanceof OidcProviderError) return error
  if (
    error instanceof errors.JWKSTimeout ||
    error instanceof errors.JWKSInvalid ||
    // jose's generic error: the key set's answer was not 200 or not JSON.
    (error instanceof errors.JOSEError && error.code === 'ERR_JOSE_GENERIC')
  )
    return new OidcProviderError({
      issuer,
      details: `Its keys could not be read: ${error.message}.`,
      cause: error,
    })
  if (error instanceof errors.JWTExpired)
    return invalidToken(`The ID token has expired (exp): ${signInAgain}.`)
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud')
      return invalidToken(
        `The ID token is not for this app: its audience (aud) is not a client id configured for ${issuer} (${clientIds.join(', ')}).`,
      )
    return invalidToken(
      `The ID token's ${error.claim} claim does not hold (${error.message}): ${signInAgain}.`,
    )
  }
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return invalidToken(
      `The ID token's signature is not its issuer's: ${signInAgain}.`,
    )
  if (
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys
  )
    return invalidToken(
      `The ID token is not signed with one of the keys ${issuer} publishes (its kid): ${signInAgain}.`,
    )
  if (error instanceof errors.JOSEAlgNotAllowed)
    return invalidToken(
      `The ID token is signed with an algorithm this app does not accept: ${algorithms.join(' or ')} only.`,
    )
  if (error instanceof errors.JOSEError)
    return invalidToken(
      `The ID token could not be verified (${error.message}): ${signInAgain}.`,
    )
  return error
}

/**
 * The issuer's key set: its discovery document
 * (`/.well-known/openid-configuration`), which must name the issuer itself
 * and a `jwks_uri` over https, then jose's remote key set at that address.
 */
async function discoverKeys(
  issuer: string,
  timeoutMs: number,
): Promise<JWTVerifyGetKey> {
  const failed = (details: string, cause?: unknown) =>
    new OidcProviderError({ issuer, details, cause })
  const address = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`
  let discovery: { issuer?: unknown; jwks_uri?: unknown }
  try {
    const response = await fetch(address, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    discovery = (await response.json()) as typeof discovery
  } catch (cause) {
    throw failed(
      (cause as Error)?.name === 'TimeoutError'
        ? `Its discovery document (${address}) did not arrive within ${timeoutMs} ms.`
        : `Its discovery document (${address}) could not be read: ${(cause as Error)?.message ?? String(cause)}.`,
      cause,
    )
  }
  if (discovery?.issuer !== issuer)
    throw failed(
      `Its discovery document (${address}) names the issuer ${JSON.stringify(discovery?.issuer)}, not ${issuer}.`,
    )
  const jwksUri = discovery.jwks_uri
  if (typeof jwksUri !== 'string' || !isSecureUrl(jwksUri))
    throw failed(
      `Its discovery document (${address}) names no jwks_uri over https.`,
    )
  return createRemoteJWKSet(new URL(jwksUri), {
    timeoutDuration: timeoutMs,
    // A network failure is the provider's, not the token's.
    [customFetch]: (url: string, init: RequestInit) =>
      fetch(url, init).catch((cause: unknown) => {
        if ((cause as Error)?.name === 'TimeoutError') throw cause
        throw failed(
          `Its keys (${url}) could not be read: ${(cause as Error)?.message ?? String(cause)}.`,
          cause,
        )
      }),
  })
}
