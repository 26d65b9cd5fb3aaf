import { bytesToHex } from 'viem'
import { fromBase64Url } from '../core/base64url.js'
import type { StampingKey } from './createSessionStamper.js'

/** The `clientSignature` of an `otp_login`, as the vendor's public API (OTP_LOGIN_V2) checks it. */
export type OtpLoginSignature = {
  publicKey: string
  scheme: 'CLIENT_SIGNATURE_SCHEME_API_P256'
  message: string
  /** Raw r‖s, 128 hex characters. */
  signature: string
}

/** The `id` claim of a verification token (a JWT), or `undefined` when it has none. */
export function readVerificationTokenId(token: string): string | undefined {
  try {
    const payload = JSON.parse(
      new TextDecoder().decode(fromBase64Url(token.split('.')[1] ?? '')),
    ) as { id?: unknown }
    return typeof payload.id === 'string' && payload.id ? payload.id : undefined
  } catch {
    return undefined
  }
}

/**
 * Proves that the key the verification token was issued for asks for this
 * login: the key signs the login usage of the token (its id) and of itself,
 * so a stolen token cannot log another key in.
 */
export async function createOtpLoginSignature({
  key,
  tokenId,
}: {
  key: StampingKey
  tokenId: string
}): Promise<OtpLoginSignature> {
  const message = JSON.stringify({
    login: { publicKey: key.publicKey },
    tokenId,
    type: 'USAGE_TYPE_LOGIN',
  })
  const signature = new Uint8Array(
    await crypto.subtle.sign(
      { name: 'ECDSA', hash: 'SHA-256' },
      key.privateKey,
      new TextEncoder().encode(message),
    ),
  )
  return {
    publicKey: key.publicKey,
    scheme: 'CLIENT_SIGNATURE_SCHEME_API_P256',
    message,
    signature: bytesToHex(signature).slice(2),
  }
}
