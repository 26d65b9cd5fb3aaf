import {
  createHash,
  createPublicKey,
  type JsonWebKey,
  verify,
} from 'node:crypto'
import { badRequest, VendorError } from './VendorError.js'

/** How long the issuer's discovery document and keys may take to arrive. */
const fetchDeadlineMs = 5000
/** The algorithms an OIDC provider signs ID tokens with that the emulator checks. */
const algorithms: Record<string, { kty: string; dsaEncoding?: 'ieee-p1363' }> =
  {
    RS256: { kty: 'RSA' },
    ES256: { kty: 'EC', dsaEncoding: 'ieee-p1363' },
  }

/** What a verified ID token says: who issued it, to which app, for whom, bound to what. */
export type OidcClaims = {
  iss: string
  aud: string
  sub: string
  exp: number
  nonce?: string | undefined
  /** The hash of the token's signed part: one token, however it is sent. */
  tokenId: string
}

export const invalidOidcToken = (reason: string) =>
  badRequest(`invalid OIDC token: ${reason}`)

/** Why `iss` is refused, as a refusal says it. */
export const untrustedIssuer = (iss: unknown, trusted: readonly string[]) =>
  `issuer ${JSON.stringify(iss)} is not trusted by the sandbox (it trusts ${trusted.join(', ') || 'no issuer'})`

/** The nonce that binds an ID token to a login key: SHA-256 of the key as sent (its hex), in lowercase hex. */
export const oauthNonce = (publicKey: string) =>
  createHash('sha256').update(publicKey, 'utf8').digest('hex')

function jsonPart(part: string | undefined, what: string) {
  try {
    const value: unknown = JSON.parse(
      Buffer.from(part ?? '', 'base64url').toString('utf8'),
    )
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>
  } catch {}
  throw invalidOidcToken(`its ${what} is not a JSON object`)
}

async function fetchJson(url: string, what: string): Promise<unknown> {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(fetchDeadlineMs),
      redirect: 'error',
    })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    return await response.json()
  } catch (error) {
    throw new VendorError(
      503,
      14,
      `could not fetch the OIDC issuer's ${what} (${url}): ${(error as Error).message}`,
    )
  }
}

/** The issuer's signing key `kid`, through its discovery document's `jwks_uri`. */
async function issuerKey(issuer: string, kid: unknown, kty: string) {
  const discovery = (await fetchJson(
    `${issuer}/.well-known/openid-configuration`,
    'discovery document',
  )) as { issuer?: unknown; jwks_uri?: unknown }
  if (discovery.issuer !== issuer || typeof discovery.jwks_uri !== 'string')
    throw new VendorError(
      503,
      14,
      `the OIDC issuer's discovery document does not name ${issuer} and its jwks_uri`,
    )
  const { keys } = (await fetchJson(discovery.jwks_uri, 'keys')) as {
    keys?: (JsonWebKey & { kid?: string; use?: string })[]
  }
  const key = keys?.find(
    (candidate) =>
      candidate.kid === kid &&
      candidate.kty === kty &&
      (candidate.use === undefined || candidate.use === 'sig'),
  )
  if (!key) throw invalidOidcToken("its key id is not one of the issuer's keys")
  return createPublicKey({ key, format: 'jwk' })
}

/**
 * Verifies an ID token as the vendor documents: issued by a trusted issuer,
 * signed by one of the keys its discovery document lists, not expired. Which
 * user and key it may log in (`aud`, `sub`, `nonce`) is the caller's check.
 */
export async function verifyOidcToken(
  token: unknown,
  {
    trustedIssuers,
    nowMs,
  }: { trustedIssuers: readonly string[]; nowMs: number },
): Promise<OidcClaims> {
  if (typeof token !== 'string') throw invalidOidcToken('not a string')
  const parts = token.split('.')
  if (parts.length !== 3 || parts.some((part) => !/^[\w-]+$/.test(part)))
    throw invalidOidcToken('not a signed JWT (three base64url parts)')
  const [headerPart, payloadPart, signaturePart] = parts as [
    string,
    string,
    string,
  ]
  const header = jsonPart(headerPart, 'header')
  const claims = jsonPart(payloadPart, 'payload')
  const algorithm =
    typeof header.alg === 'string' && Object.hasOwn(algorithms, header.alg)
      ? algorithms[header.alg]!
      : undefined
  if (!algorithm)
    throw invalidOidcToken(
      `alg ${String(header.alg)} is not one the sandbox checks: RS256 or ES256`,
    )
  const { iss, aud, sub, exp, nonce } = claims
  // Before any fetch: the emulator reaches out to the issuers it trusts alone.
  if (typeof iss !== 'string' || !trustedIssuers.includes(iss))
    throw invalidOidcToken(untrustedIssuer(iss, trustedIssuers))
  const key = await issuerKey(iss, header.kid, algorithm.kty)
  const signed = Buffer.from(`${headerPart}.${payloadPart}`, 'ascii')
  const signature = Buffer.from(signaturePart, 'base64url')
  const valid = verify(
    'sha256',
    signed,
    algorithm.dsaEncoding ? { key, dsaEncoding: algorithm.dsaEncoding } : key,
    signature,
  )
  if (!valid) throw invalidOidcToken("the signature is not the issuer's")
  if (typeof exp !== 'number' || nowMs >= exp * 1000)
    throw invalidOidcToken('expired')
  if (typeof aud !== 'string' || typeof sub !== 'string' || !sub)
    throw invalidOidcToken('aud and sub must be strings')
  if (nonce !== undefined && typeof nonce !== 'string')
    throw invalidOidcToken('nonce must be a string')
  return {
    iss,
    aud,
    sub,
    exp,
    nonce,
    tokenId: createHash('sha256').update(signed).digest('hex'),
  }
}
