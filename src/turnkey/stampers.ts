import { bytesToHex, sha256, stringToBytes } from 'viem'
import {
  fromBase64Url,
  toBase64Url,
  toDerSignature,
} from '../core/encodings.js'

/** Signs a request body for the vendor: one header, as `X-Stamp` or `X-Stamp-Webauthn`. */
export type Stamper = {
  /** A passkey prompts the user; a session key signs silently until it expires. */
  kind: 'passkey' | 'session'
  /**
   * `false`: when the vendor refuses this session key, the request fails
   * with the vendor's error, for the caller to take another way, instead of
   * being sent again with the passkey.
   */
  fallsBack?: false
  stamp(body: string): Promise<{ header: string; value: string }>
}

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

/**
 * The WebAuthn ceremony the stamper runs: `navigator.credentials.get` with
 * these options (and whatever timeout and error mapping the caller adds).
 * It must call into WebAuthn before its first await: iOS drops the user's
 * tap after too many awaits.
 */
export type GetPasskeyAssertion = (
  publicKey: PublicKeyCredentialRequestOptions,
  signal?: AbortSignal,
) => Promise<PublicKeyCredential>

/**
 * Stamps with a discoverable passkey, or only with `credentialId` when given
 * (the browser then offers no choice): the challenge is the UTF-8 text of
 * hex(sha256(body)), as the vendor verifies it. Each stamp is one prompt.
 */
export function createPasskeyStamper({
  rpId,
  getAssertion,
  credentialId,
  signal,
  onAssertion,
}: {
  rpId: string
  getAssertion: GetPasskeyAssertion
  /** base64url id of the one passkey to ask for. */
  credentialId?: string | undefined
  /** Closes the prompt when aborted (the connection it was for was left). */
  signal?: AbortSignal | undefined
  /** Told which passkey the user chose, once the prompt answered. */
  onAssertion?: ((credentialId: string) => void) | undefined
}): Stamper {
  return {
    kind: 'passkey',
    async stamp(body) {
      // Hashed synchronously: iOS drops the user's tap after too many awaits.
      const hex = sha256(stringToBytes(body)).slice(2)
      const credential = await getAssertion(
        {
          rpId,
          challenge: new TextEncoder().encode(hex),
          allowCredentials: credentialId
            ? [{ type: 'public-key', id: fromBase64Url(credentialId) }]
            : [],
          userVerification: 'preferred',
        },
        signal,
      )
      const response = credential.response as AuthenticatorAssertionResponse
      onAssertion?.(credential.id)
      return {
        header: 'X-Stamp-Webauthn',
        value: JSON.stringify({
          authenticatorData: toBase64Url(response.authenticatorData),
          clientDataJson: toBase64Url(response.clientDataJSON),
          credentialId: credential.id,
          signature: toBase64Url(response.signature),
        }),
      }
    },
  }
}

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
