import { bytesToHex } from 'viem'
import type { StampingKey } from './createSessionStamper.js'

/**
 * A fresh P-256 key pair for stamping (a session key, a one-time login key):
 * the private half is non-extractable, so script can sign with it but never
 * read it; the public half is the compressed point, hex, as the vendor
 * registers it.
 */
export async function generateStampingKey(): Promise<StampingKey> {
  const { privateKey, publicKey } = await crypto.subtle.generateKey(
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign', 'verify'],
  )
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', publicKey))
  const prefix = (raw[64]! & 1) === 0 ? '02' : '03'
  const x = bytesToHex(raw.subarray(1, 33)).slice(2)
  return { privateKey, publicKey: `${prefix}${x}` }
}
