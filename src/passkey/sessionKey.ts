/**
 * A short-lived P-256 key the vendor accepts in place of the passkey. The
 * private half is a non-extractable WebCrypto key: script can use it, never
 * read it, and it is kept only in IndexedDB. It stamps through
 * `createSessionStamper` (src/turnkey).
 */
export type SessionKey = {
  privateKey: CryptoKey
  /** Compressed P-256 point, hex, as the vendor registers it. */
  publicKey: string
  /** Unix seconds; the vendor's own clock decides in the end. */
  expiresAt: number
  /** The sub-organization the key acts in. */
  organizationId: string
}

export async function generateSessionKeyPair() {
  const { privateKey, publicKey } = await crypto.subtle.generateKey(
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign', 'verify'],
  )
  const raw = new Uint8Array(await crypto.subtle.exportKey('raw', publicKey))
  const prefix = (raw[64]! & 1) === 0 ? '02' : '03'
  const x = Array.from(raw.subarray(1, 33), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('')
  return { privateKey, publicKey: `${prefix}${x}` }
}

/** Seconds, not milliseconds: the vendor SDK mixes the two and keeps dead sessions alive. */
export function isLive(key: SessionKey, nowMs = Date.now()) {
  return key.expiresAt * 1000 > nowMs
}
