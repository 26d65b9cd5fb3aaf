import { toBase64Url } from './base64url.js'
import type { Stamper } from './Stamper.js'

/**
 * A short-lived P-256 key the vendor accepts in place of the passkey. The
 * private half is a non-extractable WebCrypto key: script can use it, never
 * read it, and it is kept only in IndexedDB.
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

/** WebCrypto gives r ‖ s; the vendor wants DER. */
export function toDerSignature(p1363: Uint8Array): string {
  const integer = (bytes: Uint8Array) => {
    let start = 0
    while (start < bytes.length - 1 && bytes[start] === 0) start++
    let value = bytes.subarray(start)
    if (value[0]! & 0x80) value = Uint8Array.from([0, ...value])
    return [0x02, value.length, ...value]
  }
  const body = [
    ...integer(p1363.subarray(0, 32)),
    ...integer(p1363.subarray(32)),
  ]
  return Array.from([0x30, body.length, ...body], (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('')
}

/** Stamps with the session key (`X-Stamp`), without any prompt. */
export function createSessionStamper(key: SessionKey): Stamper {
  return {
    kind: 'session',
    async stamp(body) {
      const signature = new Uint8Array(
        await crypto.subtle.sign(
          { name: 'ECDSA', hash: 'SHA-256' },
          key.privateKey,
          new TextEncoder().encode(body),
        ),
      )
      return {
        header: 'X-Stamp',
        value: toBase64Url(
          new TextEncoder().encode(
            JSON.stringify({
              publicKey: key.publicKey,
              scheme: 'SIGNATURE_SCHEME_TK_API_P256',
              signature: toDerSignature(signature),
            }),
          ),
        ),
      }
    },
  }
}
