import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
  sign,
} from 'node:crypto'
import {
  Aes256Gcm,
  CipherSuite,
  DhkemP256HkdfSha256,
  HkdfSha256,
} from '@hpke/core'
import { base58 } from '@scure/base'
import { badRequest } from './VendorError.js'

/** The vendor's HPKE suite and info string (notes §5.1), shared by every bundle the sandbox seals. */
export const suite = new CipherSuite({
  kem: new DhkemP256HkdfSha256(),
  kdf: new HkdfSha256(),
  aead: new Aes256Gcm(),
})
export const info = new TextEncoder().encode('turnkey_hpke')
const compressedSpkiPrefix = Buffer.from(
  '3039301306072a8648ce3d020106082a8648ce3d030107032200',
  'hex',
)

/** A P-256 key pair held by the emulator's "enclave"; `jwk` lets the state be saved. */
export type EnclaveKey = { privateKey: KeyObject; publicKeyHex: string }

export function createEnclaveKey(jwk?: JsonWebKey): EnclaveKey {
  const privateKey = jwk
    ? createPrivateKey({ key: jwk, format: 'jwk' })
    : generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey
  return {
    privateKey,
    publicKeyHex: uncompressedHex(createPublicKey(privateKey)),
  }
}

export function exportEnclaveKey(key: EnclaveKey): JsonWebKey {
  return key.privateKey.export({ format: 'jwk' })
}

function uncompressedHex(publicKey: KeyObject) {
  const { x, y } = publicKey.export({ format: 'jwk' })
  return `04${Buffer.from(x!, 'base64url').toString('hex')}${Buffer.from(y!, 'base64url').toString('hex')}`
}

const uncompressedSpkiPrefix = Buffer.from(
  '3059301306072a8648ce3d020106082a8648ce3d030107034200',
  'hex',
)

/**
 * A P-256 public key given as compressed or uncompressed hex, as raw
 * uncompressed bytes; anything else, a point off the curve included, is a 400.
 */
function uncompressedPublicKey(hex: unknown): Uint8Array {
  const invalid = () => badRequest('invalid target public key')
  if (typeof hex !== 'string') throw invalid()
  const prefix = /^04[0-9a-f]{128}$/i.test(hex)
    ? uncompressedSpkiPrefix
    : /^0[23][0-9a-f]{64}$/i.test(hex)
      ? compressedSpkiPrefix
      : undefined
  if (!prefix) throw invalid()
  try {
    const key = createPublicKey({
      key: Buffer.concat([prefix, Buffer.from(hex, 'hex')]),
      format: 'der',
      type: 'spki',
    })
    return Buffer.from(uncompressedHex(key), 'hex')
  } catch {
    throw invalid()
  }
}

/** A fresh P-256 API key: its compressed public key and raw private scalar. */
export function newP256Key() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = privateKey.export({ format: 'jwk' })
  const y = Buffer.from(jwk.y!, 'base64url')
  return {
    publicKey: `${(y.at(-1)! & 1) === 0 ? '02' : '03'}${Buffer.from(jwk.x!, 'base64url').toString('hex')}`,
    privateKey: Buffer.from(jwk.d!, 'base64url'),
  }
}

/** HPKE base mode (P-256, HKDF-SHA256, AES-256-GCM, info "turnkey_hpke"), AAD = enc ‖ receiver. */
async function seal(plaintext: Uint8Array, targetPublicKey: unknown) {
  const receiver = uncompressedPublicKey(targetPublicKey)
  const sender = await suite.createSenderContext({
    recipientPublicKey: await suite.kem.deserializePublicKey(receiver),
    info,
  })
  const enc = new Uint8Array(sender.enc)
  const aad = Buffer.concat([enc, receiver])
  const ciphertext = new Uint8Array(await sender.seal(plaintext, aad))
  return { enc, ciphertext }
}

function compress(uncompressed: Uint8Array) {
  const prefix = (uncompressed[64]! & 1) === 0 ? 0x02 : 0x03
  return Buffer.concat([Buffer.from([prefix]), uncompressed.subarray(1, 33)])
}

function base58check(payload: Uint8Array) {
  const checksum = createHash('sha256')
    .update(createHash('sha256').update(payload).digest())
    .digest()
    .subarray(0, 4)
  return base58.encode(Buffer.concat([payload, checksum]))
}

/** A credential bundle: bs58check(compressed enc ‖ ciphertext) of a 32-byte private key. */
export async function encryptCredentialBundle(
  privateKey: Uint8Array,
  targetPublicKey: unknown,
): Promise<string> {
  const { enc, ciphertext } = await seal(privateKey, targetPublicKey)
  return base58check(Buffer.concat([compress(enc), ciphertext]))
}

/** An export bundle, signed by the enclave signer key. */
export async function encryptExportBundle({
  plaintext,
  targetPublicKey,
  organizationId,
  signer,
}: {
  plaintext: Uint8Array
  targetPublicKey: unknown
  organizationId: string
  signer: EnclaveKey
}): Promise<string> {
  const { enc, ciphertext } = await seal(plaintext, targetPublicKey)
  const data = Buffer.from(
    JSON.stringify({
      organizationId,
      encappedPublic: Buffer.from(enc).toString('hex'),
      ciphertext: Buffer.from(ciphertext).toString('hex'),
    }),
  )
  return JSON.stringify({
    version: 'v1.0.0',
    data: data.toString('hex'),
    dataSignature: sign('sha256', data, signer.privateKey).toString('hex'),
    enclaveQuorumPublic: signer.publicKeyHex,
  })
}

/**
 * A session JWT signed by the notarizer key over sha256(sha256(header.payload)).
 * The SDK decodes the payload with atob, so it must not contain "-" or "_".
 * Of ASCII text only '>', '?', '~' and DEL encode to either (as the third
 * byte of a group), so the JSON escapes those, and anything beyond ASCII,
 * as \uXXXX: a claim may hold any text (a session profile's scope).
 */
export function mintSessionJwt(
  claims: Record<string, string | number>,
  notarizer: EnclaveKey,
): string {
  const encode = (value: object) =>
    Buffer.from(
      JSON.stringify(value).replace(
        /[>?~\u007f-\uffff]/g,
        (character) =>
          `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
      ),
    ).toString('base64url')
  const header = encode({ alg: 'ES256', typ: 'JWT' })
  const payload = encode(claims)
  const digest = createHash('sha256').update(`${header}.${payload}`).digest()
  const signature = sign('sha256', digest, {
    key: notarizer.privateKey,
    dsaEncoding: 'ieee-p1363',
  })
  return `${header}.${payload}.${signature.toString('base64url')}`
}
