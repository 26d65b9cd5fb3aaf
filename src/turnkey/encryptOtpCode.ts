import { bytesToHex } from 'viem'
import { hexToBytes } from './hexToBytes.js'
import { hpkeInfo, hpkeSuite } from './hpkeSuite.js'

/**
 * The `encryptedOtpBundle` of `verify_otp` (V2): the code and the client's
 * public key, as JSON `{ otp_code, public_key }`, HPKE-sealed to the target
 * key of `init_otp`'s `otpEncryptionTargetBundle`, with the encapsulated key
 * and the target key as additional data. The bundle's signature is not
 * checked here: the vendor opens only what was sealed to its own key for this
 * code, so a wrong target can only fail this one verification.
 * Undefined when the target bundle is not one.
 */
export async function encryptOtpCode({
  otpCode,
  publicKey,
  otpEncryptionTargetBundle,
}: {
  otpCode: string
  /** The client key the verification token is bound to (compressed P-256, hex). */
  publicKey: string
  otpEncryptionTargetBundle: string
}): Promise<string | undefined> {
  const target = readTargetKey(otpEncryptionTargetBundle)
  if (!target) return undefined
  const sender = await hpkeSuite.createSenderContext({
    recipientPublicKey: await hpkeSuite.kem.deserializePublicKey(target),
    info: hpkeInfo,
  })
  const enc = new Uint8Array(sender.enc)
  const aad = new Uint8Array(enc.length + target.length)
  aad.set(enc)
  aad.set(target, enc.length)
  const ciphertext = await sender.seal(
    new TextEncoder().encode(
      JSON.stringify({ otp_code: otpCode, public_key: publicKey }),
    ),
    aad,
  )
  return JSON.stringify({
    encappedPublic: bytesToHex(enc).slice(2),
    ciphertext: bytesToHex(new Uint8Array(ciphertext)).slice(2),
  })
}

/** The uncompressed P-256 target key in `{ data: hex(JSON { targetPublic }) }`. */
function readTargetKey(bundle: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    const { data } = JSON.parse(bundle) as { data?: unknown }
    const bytes = hexToBytes(data)
    if (!bytes) return undefined
    const { targetPublic } = JSON.parse(new TextDecoder().decode(bytes)) as {
      targetPublic?: unknown
    }
    const key = hexToBytes(targetPublic)
    return key?.length === 65 && key[0] === 4 ? key : undefined
  } catch {
    return undefined
  }
}
