import { p256 } from '@noble/curves/p256'
import { bytesToHex } from 'viem'
import { loadOnce } from '../core/connector.js'
import { hexKeyToBytes, toBase64Url } from '../core/encodings.js'
import { createSessionStamper, type Stamper } from './stampers.js'

export type ApiKeyPair = {
  /** Compressed P-256 point, hex (66 characters, `02…`/`03…`), as the vendor lists the key. */
  publicKey: string
  /** The raw 32-byte P-256 scalar, hex (64 characters), as the vendor's dashboard and CLI give it. */
  privateKey: string
}

/** Why a key pair cannot stamp; never shows either key. */
export type ApiKeyPairProblem = {
  key: 'publicKey' | 'privateKey'
  expected: string
}

const privateKeyHex = /^[0-9a-f]{64}$/i
const compressedKeyHex = /^0[23][0-9a-f]{64}$/i

/**
 * What is wrong with an API key pair, or undefined when the private key is a
 * valid P-256 scalar and the public key is the one it derives.
 */
export function checkApiKeyPair(
  pair: Partial<Record<keyof ApiKeyPair, unknown>>,
): ApiKeyPairProblem | undefined {
  const { publicKey, privateKey } = pair
  if (
    typeof privateKey !== 'string' ||
    !privateKeyHex.test(privateKey) ||
    !p256.utils.isValidPrivateKey(hexKeyToBytes(privateKey)!)
  )
    return {
      key: 'privateKey',
      expected: 'the API private key: 64 hex characters (a P-256 scalar)',
    }
  if (typeof publicKey !== 'string' || !compressedKeyHex.test(publicKey))
    return {
      key: 'publicKey',
      expected:
        'the API public key: 66 hex characters starting with 02 or 03 (compressed P-256)',
    }
  const derived = p256.getPublicKey(hexKeyToBytes(privateKey)!, true)
  if (publicKey.toLowerCase() !== bytesToHex(derived).slice(2))
    return {
      key: 'publicKey',
      expected: 'the public key of the given private key (they do not match)',
    }
  return undefined
}

/**
 * The private key as a JWK (d, and the x, y it derives), imported once into a
 * non-extractable WebCrypto key: from then on the process can sign with it but
 * no code can read it back from the key object.
 */
async function importPrivateKey(privateKey: string): Promise<CryptoKey> {
  const scalar = hexKeyToBytes(privateKey)!
  const point = p256.getPublicKey(scalar, false)
  try {
    return await crypto.subtle.importKey(
      'jwk',
      {
        kty: 'EC',
        crv: 'P-256',
        d: toBase64Url(scalar),
        x: toBase64Url(point.subarray(1, 33)),
        y: toBase64Url(point.subarray(33, 65)),
        ext: false,
      },
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['sign'],
    )
  } finally {
    scalar.fill(0)
  }
}

/**
 * Stamps requests with an organization's API key (`X-Stamp`, scheme
 * `SIGNATURE_SCHEME_TK_API_P256`, DER signature over the exact body) on
 * WebCrypto, so it runs wherever `crypto.subtle` does (Node, Deno, Bun,
 * Workers). Throws if the pair is not a valid, matching P-256 pair; the key
 * is imported on the first stamp. Signs silently, like a session key.
 */
export function createApiKeyStamper(pair: ApiKeyPair): Stamper {
  const problem = checkApiKeyPair(pair)
  if (problem)
    throw new TypeError(
      `createApiKeyStamper: invalid ${problem.key}: expected ${problem.expected}.`,
    )
  const publicKey = pair.publicKey.toLowerCase()
  // A failed import is not kept: the next stamp tries again.
  const stamper = loadOnce(() =>
    importPrivateKey(pair.privateKey).then((privateKey) =>
      createSessionStamper({ privateKey, publicKey }),
    ),
  )
  return {
    kind: 'session',
    async stamp(body) {
      return (await stamper.load()).stamp(body)
    },
  }
}

// PKCS#8 wrapping of a bare P-256 scalar (RFC 5915 ECPrivateKey, no public key).
const pkcs8Prefix = Uint8Array.from([
  0x30, 0x41, 0x02, 0x01, 0x00, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce,
  0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07,
  0x04, 0x27, 0x30, 0x25, 0x02, 0x01, 0x01, 0x04, 0x20,
])

export type RecoveryKey = {
  /** Compressed P-256 point, hex: how the vendor lists the key. */
  publicKey: string
  stamper: Stamper
}

/**
 * Turns the decrypted 32-byte key into a non-extractable WebCrypto key that
 * stamps requests (`X-Stamp`), and wipes the bytes: from here on script can
 * use the key but not read it.
 */
export async function importRecoveryCredential(
  privateKey: Uint8Array,
): Promise<RecoveryKey> {
  const pkcs8 = new Uint8Array(pkcs8Prefix.length + 32)
  pkcs8.set(pkcs8Prefix)
  pkcs8.set(privateKey, pkcs8Prefix.length)
  try {
    const publicKey = bytesToHex(p256.getPublicKey(privateKey, true)).slice(2)
    const key = await crypto.subtle.importKey(
      'pkcs8',
      pkcs8,
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['sign'],
    )
    return {
      publicKey,
      stamper: createSessionStamper({ privateKey: key, publicKey }),
    }
  } finally {
    pkcs8.fill(0)
    privateKey.fill(0)
  }
}
