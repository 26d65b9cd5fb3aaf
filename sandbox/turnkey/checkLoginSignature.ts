import { createPublicKey, verify } from 'node:crypto'
import { isCompressedP256PublicKey } from './p256.js'
import { badRequest, unauthenticated } from './VendorError.js'
import type { VerificationTokenClaims } from './verificationTokens.js'

const compressedSpkiPrefix = Buffer.from(
  '3039301306072a8648ce3d020106082a8648ce3d030107032200',
  'hex',
)

/**
 * The client signature an OTP login carries: by the key bound to the
 * verification token, raw r‖s (128 hex) ECDSA P-256 over sha256 of `message`,
 * where `message` is the login usage, as the vendor's SDKs build it:
 * `{"login":{"publicKey":SESSION_KEY},"tokenId":TOKEN_ID,"type":"USAGE_TYPE_LOGIN"}`
 * (or the stricter `loginV2` usage, whose fields must match the request).
 */
export function checkLoginSignature({
  clientSignature,
  claims,
  publicKey,
  organizationId,
  invalidateExisting,
  expirationSeconds,
}: {
  clientSignature: unknown
  claims: VerificationTokenClaims
  /** The session key the login registers. */
  publicKey: string
  organizationId: string
  invalidateExisting: unknown
  expirationSeconds: unknown
}) {
  const {
    publicKey: signingKey,
    message,
    signature,
  } = (clientSignature ?? {}) as Record<string, unknown>
  if (signingKey !== claims.public_key)
    throw unauthenticated(
      'client signature public key does not match the public key of the verification token',
    )
  if (
    typeof message !== 'string' ||
    typeof signature !== 'string' ||
    !/^[0-9a-f]{128}$/i.test(signature) ||
    !isCompressedP256PublicKey(signingKey) ||
    !verify(
      'sha256',
      Buffer.from(message, 'utf8'),
      {
        key: createPublicKey({
          key: Buffer.concat([
            compressedSpkiPrefix,
            Buffer.from(signingKey, 'hex'),
          ]),
          format: 'der',
          type: 'spki',
        }),
        dsaEncoding: 'ieee-p1363',
      },
      Buffer.from(signature, 'hex'),
    )
  )
    throw unauthenticated(
      'could not verify client signature (raw r‖s hex over sha256 of the message, by the verification token’s key)',
    )
  let usage: Record<string, unknown>
  try {
    usage = JSON.parse(message)
  } catch {
    usage = {}
  }
  const login = usage.login as Record<string, unknown> | undefined
  const loginV2 = usage.loginV2 as Record<string, unknown> | undefined
  const sameAsRequest = (field: string, value: unknown) =>
    loginV2?.[field] === undefined || loginV2[field] === value
  const matches =
    usage.type === 'USAGE_TYPE_LOGIN' &&
    usage.tokenId === claims.id &&
    (login
      ? login.publicKey === publicKey
      : loginV2?.publicKey === publicKey &&
        loginV2.organizationId === organizationId &&
        sameAsRequest('invalidateExisting', invalidateExisting) &&
        sameAsRequest('expirationSeconds', expirationSeconds))
  if (!matches)
    throw badRequest(
      'client signature message must be the login usage of this token and key: {"login":{"publicKey":…},"tokenId":…,"type":"USAGE_TYPE_LOGIN"}',
    )
}
