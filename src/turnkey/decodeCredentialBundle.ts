import { p256 } from '@noble/curves/p256'
import { sha256 } from 'viem'
import { decodeBase58 } from '../core/addressEncodings.js'

const maxBundleLength = 160

/**
 * A credential bundle (the code in a recovery email): base58check of the
 * compressed encapsulated key (33 bytes) and the ciphertext of a 32-byte key
 * with its tag (48 bytes). `undefined` when the text is not one.
 */
export function decodeCredentialBundle(code: string) {
  if (typeof code !== 'string') return undefined
  // Pasted codes may carry the line breaks of the email they came from.
  const text = code.replace(/\s+/g, '')
  // A real bundle is ~116 characters; decoding is quadratic, so a long paste is refused first.
  if (text.length > maxBundleLength) return undefined
  const bytes = decodeBase58(text)
  if (!bytes || bytes.length !== 4 + 33 + 48) return undefined
  const payload = bytes.subarray(0, -4)
  const checksum = sha256(sha256(payload), 'bytes').subarray(0, 4)
  if (checksum.some((byte, index) => byte !== bytes[bytes.length - 4 + index]))
    return undefined
  let encappedPublicKey: Uint8Array<ArrayBuffer>
  try {
    // WebCrypto and HPKE take the uncompressed point; off-curve points throw here.
    encappedPublicKey = Uint8Array.from(
      p256.ProjectivePoint.fromHex(payload.subarray(0, 33)).toRawBytes(false),
    )
  } catch {
    return undefined
  }
  return { encappedPublicKey, ciphertext: payload.slice(33) }
}
