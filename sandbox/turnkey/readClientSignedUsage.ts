import { createPublicKey, verify } from 'node:crypto'
import { isCompressedP256PublicKey } from './p256.js'
import { unauthenticated } from './VendorError.js'
import type { VerificationTokenClaims } from './verificationTokens.js'

const compressedSpkiPrefix = Buffer.from(
  '3039301306072a8648ce3d020106082a8648ce3d030107032200',
  'hex',
)

/**
 * The token usage (`v1TokenUsage`) a client signature carries, once the
 * signature is checked: by the key bound to the verification token at
 * `verify_otp`, raw r‖s (128 hex) ECDSA P-256 over sha256 of the UTF-8
 * `message`. A message that is not a JSON object reads as `{}`, which no
 * usage check accepts.
 */
export function readClientSignedUsage(
  clientSignature: unknown,
  claims: VerificationTokenClaims,
): Record<string, unknown> {
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
  let usage: unknown
  try {
    usage = JSON.parse(message)
  } catch {
    return {}
  }
  return typeof usage === 'object' && usage !== null && !Array.isArray(usage)
    ? (usage as Record<string, unknown>)
    : {}
}
