import { toBase64Url } from '../core/base64url.js'
import type { Stamper } from './Stamper.js'
import { toDerSignature } from './toDerSignature.js'

/** A P-256 key the vendor knows as an API key: a session key, or a recovery code's key. */
export type StampingKey = {
  /** Non-extractable: script can sign with it, never read it. */
  privateKey: CryptoKey
  /** Compressed P-256 point, hex, as the vendor registers it. */
  publicKey: string
}

/** Stamps with the key (`X-Stamp`), without any prompt. */
export function createSessionStamper(key: StampingKey): Stamper {
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
