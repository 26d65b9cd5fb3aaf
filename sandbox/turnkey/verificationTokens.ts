import { createPublicKey, sign, verify } from 'node:crypto'
import type { EnclaveKey } from './enclaveCrypto.js'
import { badRequest, VendorError } from './VendorError.js'

/** What a verification token says, as `@turnkey/crypto`'s `verifyOtpVerificationToken` reads it. */
export type VerificationTokenClaims = {
  id: string
  verification_type: 'OTP_TYPE_EMAIL'
  contact: string
  /** The organization that verified the OTP (the parent, through the auth proxy). */
  organization_id: string
  /** The client key bound at `verify_otp` (compressed P-256 hex). */
  public_key: string
  /** Expiry in milliseconds since the epoch, as a string (not JWT seconds). */
  exp: string
}

const uncompressedSpkiPrefix = Buffer.from(
  '3059301306072a8648ce3d020106082a8648ce3d030107034200',
  'hex',
)

const encode = (value: object) =>
  Buffer.from(JSON.stringify(value)).toString('base64url')

/**
 * A verification token: a standard ES256 JWT (r‖s over sha256(header.payload)),
 * signed by the enclave key the vendor's TLS fetcher key stands for. The
 * vendor's SDK decodes the payload with atob, so it is kept free of "-" and "_".
 */
export function mintVerificationToken(
  claims: VerificationTokenClaims,
  signer: EnclaveKey,
): string {
  const header = encode({ alg: 'ES256', typ: 'JWT' })
  let payload = encode(claims)
  for (let pad = 0; /[-_]/.test(payload); pad++)
    payload = encode({ ...claims, pad: 'x'.repeat(pad) })
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), {
    key: signer.privateKey,
    dsaEncoding: 'ieee-p1363',
  })
  return `${header}.${payload}.${signature.toString('base64url')}`
}

/**
 * The claims of a verification token signed by `signerPublicKey` (uncompressed
 * hex) and not expired at `nowMs`; anything else is refused in the vendor's shape.
 */
export function readVerificationToken(
  token: unknown,
  signerPublicKey: string,
  nowMs: number,
): VerificationTokenClaims {
  const invalid = () => badRequest('invalid verification token')
  if (typeof token !== 'string') throw invalid()
  const [header, payload, signature, ...rest] = token.split('.')
  if (!header || !payload || !signature || rest.length > 0) throw invalid()
  let claims: Record<string, unknown>
  try {
    const key = createPublicKey({
      key: Buffer.concat([
        uncompressedSpkiPrefix,
        Buffer.from(signerPublicKey, 'hex'),
      ]),
      format: 'der',
      type: 'spki',
    })
    const signed = verify(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    )
    if (!signed) throw invalid()
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    throw invalid()
  }
  for (const claim of [
    'id',
    'verification_type',
    'contact',
    'organization_id',
    'public_key',
    'exp',
  ])
    if (typeof claims[claim] !== 'string' || !claims[claim]) throw invalid()
  if (Number(claims.exp) <= nowMs)
    throw new VendorError(
      400,
      9,
      'verification token expired: verify a new OTP code',
    )
  return claims as VerificationTokenClaims
}
