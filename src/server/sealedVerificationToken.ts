import { fromBase64Url, hexKeyToBytes, toBase64Url } from '../core/encodings.js'

// The vendor's proof of an email (a verification token) is a bearer proof
// for activities whose schema takes no client signature (`update_user_email`):
// whoever reads it in transit could spend it on his own account. So the page
// never holds it: verify-email-code hands the page the token sealed to this
// backend, and sign-up opens it here. Stateless, as serverless functions need.

/** Seals and opens verification tokens with a key only this backend can derive. */
export type TokenSeal = {
  seal(token: string): Promise<string>
  /** The token inside `sealed`; undefined for anything this backend did not seal. */
  open(sealed: unknown): Promise<string | undefined>
}

const ivLength = 12
const maxSealedLength = 8192

/**
 * A seal keyed by HKDF over the parent organization's API private key: the
 * one secret the backend already holds, so a host configures nothing more,
 * and a key the backend of another organization cannot derive.
 */
export function createTokenSeal({
  apiPrivateKey,
  organizationId,
}: {
  apiPrivateKey: string
  organizationId: string
}): TokenSeal {
  const encoder = new TextEncoder()
  let derived: Promise<CryptoKey> | undefined
  const key = () => {
    derived ??= crypto.subtle
      .importKey(
        'raw',
        // Checked at the backend's creation: 64 hex characters.
        hexKeyToBytes(apiPrivateKey)!,
        'HKDF',
        false,
        ['deriveKey'],
      )
      .then((material) =>
        crypto.subtle.deriveKey(
          {
            name: 'HKDF',
            hash: 'SHA-256',
            salt: encoder.encode(organizationId),
            info: encoder.encode(
              'wagmi-connector-pack: sealed verification token',
            ),
          },
          material,
          { name: 'AES-GCM', length: 256 },
          false,
          ['encrypt', 'decrypt'],
        ),
      )
    return derived
  }
  return {
    async seal(token) {
      const iv = crypto.getRandomValues(new Uint8Array(ivLength))
      const sealed = new Uint8Array(
        await crypto.subtle.encrypt(
          { name: 'AES-GCM', iv },
          await key(),
          encoder.encode(token),
        ),
      )
      const bytes = new Uint8Array(ivLength + sealed.length)
      bytes.set(iv)
      bytes.set(sealed, ivLength)
      return toBase64Url(bytes)
    },
    async open(sealed) {
      if (typeof sealed !== 'string' || sealed.length > maxSealedLength)
        return undefined
      try {
        const bytes = fromBase64Url(sealed)
        if (bytes.length <= ivLength) return undefined
        const opened = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv: bytes.subarray(0, ivLength) },
          await key(),
          bytes.subarray(ivLength),
        )
        return new TextDecoder().decode(opened)
      } catch {
        return undefined
      }
    },
  }
}
