import { p256 } from '@noble/curves/p256'
import { bytesToHex } from 'viem'
import { createSessionStamper } from './createSessionStamper.js'
import type { Stamper } from './Stamper.js'

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
