import {
  Aes256Gcm,
  CipherSuite,
  DhkemP256HkdfSha256,
  HkdfSha256,
} from '@hpke/core'
import { p256 } from '@noble/curves/p256'
import { bytesToHex, sha256 } from 'viem'
import { decodeBase58 } from '../core/addressEncodings.js'
import { derToP1363Signature, hexKeyToBytes } from '../core/encodings.js'

/** The vendor's HPKE base mode: P-256, HKDF-SHA256, AES-256-GCM. */
const hpkeSuite = new CipherSuite({
  kem: new DhkemP256HkdfSha256(),
  kdf: new HkdfSha256(),
  aead: new Aes256Gcm(),
})

/** The vendor's HPKE info string. */
const hpkeInfo = new TextEncoder().encode('turnkey_hpke')

/** An ECDH P-256 key pair whose private half script can use but never read. */
export async function generateRecipientKey() {
  const keyPair = await crypto.subtle.generateKey(
    { name: 'ECDH', namedCurve: 'P-256' },
    false,
    ['deriveBits'],
  )
  const publicKey = new Uint8Array(
    await crypto.subtle.exportKey('raw', keyPair.publicKey),
  )
  return {
    keyPair,
    /** Uncompressed, hex, without 0x: what the vendor takes as `targetPublicKey`. */
    publicKeyHex: Array.from(publicKey, (x) =>
      x.toString(16).padStart(2, '0'),
    ).join(''),
    publicKey,
  }
}

export type RecipientKey = Awaited<ReturnType<typeof generateRecipientKey>>

/**
 * The vendor's HPKE base mode (P-256, HKDF-SHA256, AES-256-GCM, info
 * "turnkey_hpke"), with the encapsulated key and the receiver's key, both
 * uncompressed, as additional data. Throws when anything was tampered with.
 */
async function hpkeOpen({
  recipient,
  encappedPublicKey,
  ciphertext,
}: {
  recipient: RecipientKey
  encappedPublicKey: Uint8Array<ArrayBuffer>
  ciphertext: Uint8Array<ArrayBuffer>
}): Promise<Uint8Array> {
  const context = await hpkeSuite.createRecipientContext({
    recipientKey: recipient.keyPair,
    enc: encappedPublicKey,
    info: hpkeInfo,
  })
  const aad = new Uint8Array(130)
  aad.set(encappedPublicKey, 0)
  aad.set(recipient.publicKey, 65)
  return new Uint8Array(await context.open(ciphertext, aad))
}

/**
 * A bundle (an export, or a credential such as a recovery code) the isolated
 * frame will not open. The message is shown in the frame and sent to the host
 * as is, so it says what to do.
 */
export class RefusedBundleError extends Error {
  override name = 'RefusedBundleError'
}

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

/**
 * The 32-byte private key inside a credential bundle (a recovery or login
 * code) encrypted to `recipient`. A code that is not a bundle, was altered,
 * or was encrypted to another key is a RefusedBundleError saying which.
 * Runs inside the isolated frame: the key never reaches the host page.
 */
export async function openCredentialBundle(
  code: string,
  recipient: RecipientKey,
): Promise<Uint8Array> {
  const decoded = decodeCredentialBundle(code)
  if (!decoded)
    throw new RefusedBundleError(
      'The code is not a credential bundle (base58check).',
    )
  try {
    const privateKey = await hpkeOpen({ recipient, ...decoded })
    if (privateKey.length !== 32) throw new Error('not a 32-byte key')
    return privateKey
  } catch {
    throw new RefusedBundleError(
      'The code does not decrypt with this frame’s key: it was altered, or sent for another request.',
    )
  }
}

function parseJson(text: unknown): Record<string, unknown> | undefined {
  try {
    const value = typeof text === 'string' ? JSON.parse(text) : undefined
    return typeof value === 'object' && value !== null ? value : undefined
  } catch {
    return undefined
  }
}

async function verifySignature(
  signerPublicKey: string,
  signature: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
) {
  const key = await crypto.subtle.importKey(
    'raw',
    hexKeyToBytes(signerPublicKey)!,
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['verify'],
  )
  return crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    key,
    signature,
    data,
  )
}

/**
 * The secret inside an export bundle (the enclave's signed JSON around an
 * HPKE ciphertext), once the bundle proved it
 * comes from the enclave (`signerPublicKey`, uncompressed hex) and from the
 * expected organization. Every refusal is an RefusedBundleError.
 */
export async function openExportBundle({
  bundle,
  organizationId,
  signerPublicKey,
  recipient,
}: {
  bundle: unknown
  organizationId: unknown
  signerPublicKey: string
  recipient: RecipientKey
}): Promise<Uint8Array> {
  const refuse = (message: string) => new RefusedBundleError(message)
  const parsed = parseJson(bundle)
  if (!parsed) throw refuse('The export bundle is not valid JSON.')
  if (parsed.version !== 'v1.0.0')
    throw refuse(
      `Unsupported export bundle version ${JSON.stringify(parsed.version)}: expected "v1.0.0".`,
    )
  const signer = parsed.enclaveQuorumPublic
  if (
    typeof signer !== 'string' ||
    signer.toLowerCase() !== signerPublicKey.toLowerCase()
  )
    throw refuse(
      `The export bundle is signed by key ${String(signer)}, not by the expected enclave key ${signerPublicKey}.`,
    )
  const data = hexKeyToBytes(parsed.data)
  const signature =
    typeof parsed.dataSignature === 'string' &&
    derToP1363Signature(hexKeyToBytes(parsed.dataSignature) ?? new Uint8Array())
  if (
    !data ||
    !signature ||
    !(await verifySignature(signerPublicKey, signature, data))
  )
    throw refuse(
      'The export bundle’s signature is invalid: it was altered or not signed by the enclave.',
    )
  const signed = parseJson(new TextDecoder().decode(data))
  if (!signed || signed.organizationId !== organizationId)
    throw refuse(
      `The export bundle belongs to organization ${String(signed?.organizationId)}, not to ${String(organizationId)}.`,
    )
  const encappedPublicKey = hexKeyToBytes(signed.encappedPublic)
  const ciphertext = hexKeyToBytes(signed.ciphertext)
  try {
    if (encappedPublicKey?.length !== 65 || !ciphertext) throw new Error()
    return await hpkeOpen({ recipient, encappedPublicKey, ciphertext })
  } catch {
    throw refuse(
      'The export bundle does not decrypt with this frame’s key: each key opens one export. Start a new export.',
    )
  }
}

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
    const bytes = hexKeyToBytes(data)
    if (!bytes) return undefined
    const { targetPublic } = JSON.parse(new TextDecoder().decode(bytes)) as {
      targetPublic?: unknown
    }
    const key = hexKeyToBytes(targetPublic)
    return key?.length === 65 && key[0] === 4 ? key : undefined
  } catch {
    return undefined
  }
}
