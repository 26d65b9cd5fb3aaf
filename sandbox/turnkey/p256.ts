import { createPublicKey, verify } from 'node:crypto'

// DER prefix of a SubjectPublicKeyInfo holding a compressed P-256 point.
const compressedSpkiPrefix = Buffer.from(
  '3039301306072a8648ce3d020106082a8648ce3d030107032200',
  'hex',
)

/** Verifies a DER ECDSA P-256/SHA-256 signature (high-s accepted, as WebCrypto makes them). */
export function verifyP256(
  compressedPublicKeyHex: string,
  derSignatureHex: string,
  message: Uint8Array,
): boolean {
  try {
    const key = createPublicKey({
      key: Buffer.concat([
        compressedSpkiPrefix,
        Buffer.from(compressedPublicKeyHex, 'hex'),
      ]),
      format: 'der',
      type: 'spki',
    })
    return verify('sha256', message, key, Buffer.from(derSignatureHex, 'hex'))
  } catch {
    return false
  }
}

export function isCompressedP256PublicKey(value: unknown): value is string {
  return typeof value === 'string' && /^0[23][0-9a-f]{64}$/.test(value)
}
