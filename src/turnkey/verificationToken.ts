import { p256 } from '@noble/curves/p256'
import { sha256 } from '@noble/hashes/sha256'
import { fromBase64Url, hexKeyToBytes, jwtPart } from '../core/encodings.js'

// The vendor's proof that an email's code was entered (a JWT it signs with
// P-256). Apart from the contract it proves: reading one loads the curve,
// which a sign-up without an email never needs.

/** What a verification token (from `verify_otp` / the Auth Proxy's `otp_verify`) says. */
export type VerificationTokenClaims = {
  id: string
  verification_type: string
  /** The email address (or phone number) whose code was entered. */
  contact: string
  /** The organization the code was sent for: the parent organization. */
  organization_id: string
  /** The client key the token is bound to (compressed P-256, hex). */
  public_key: string
  /** Expiry, milliseconds since the epoch, as a string. */
  exp: string
}

/**
 * The vendor's key that signs verification tokens in production (its TLS
 * fetcher signing key, as `@turnkey/crypto` names it), uncompressed hex.
 */
export const productionVerificationTokenPublicKey =
  '046b4f88421f76b6ba418afc2ea1d8ced671337d7db6b80478a60d8531bf8f17fa9a512f0fef96fc0c9b4cd9dff70b34992e520ce04c79d931f6ff6296b547d201'

/**
 * The claims of a verification token, read without checking its signature:
 * for the page, which only needs the id its client signature names.
 * Undefined when it is not a token.
 */
export function readVerificationTokenClaims(
  token: string,
): VerificationTokenClaims | undefined {
  const claims = jwtPart(token, 1)
  return claims &&
    claimNames.every(
      (name) => typeof claims[name] === 'string' && claims[name] !== '',
    )
    ? (claims as VerificationTokenClaims)
    : undefined
}

/**
 * The claims of a verification token signed (ES256) by `signerPublicKey` and
 * not expired at `nowMs`; undefined for anything else. A server checks a
 * token a browser sent before it acts on the contact the token names.
 */
export function verifyVerificationToken(
  token: unknown,
  signerPublicKey: string,
  nowMs: number,
): VerificationTokenClaims | undefined {
  if (typeof token !== 'string') return undefined
  const [header, payload, signature, ...rest] = token.split('.')
  if (!header || !payload || !signature || rest.length > 0) return undefined
  const { alg, typ } = jwtPart(token, 0) ?? {}
  if (alg !== 'ES256' || typ !== 'JWT') return undefined
  try {
    const signed = p256.verify(
      fromBase64Url(signature),
      sha256(new TextEncoder().encode(`${header}.${payload}`)),
      hexKeyToBytes(signerPublicKey)!,
    )
    if (!signed) return undefined
  } catch {
    return undefined
  }
  const claims = readVerificationTokenClaims(token)
  return claims && Number(claims.exp) > nowMs ? claims : undefined
}

const claimNames = [
  'id',
  'verification_type',
  'contact',
  'organization_id',
  'public_key',
  'exp',
] as const
