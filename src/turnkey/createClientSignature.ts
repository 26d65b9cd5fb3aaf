import { bytesToHex } from 'viem'
import type { StampingKey } from './createSessionStamper.js'

/** A `clientSignature` of the vendor's public API (`v1ClientSignature`). */
export type ClientSignature = {
  publicKey: string
  scheme: 'CLIENT_SIGNATURE_SCHEME_API_P256'
  message: string
  /** Raw r‖s, 128 hex characters. */
  signature: string
}

/** What a verification token is used for (`v1TokenUsage`, without its id and type). */
export type TokenUsage =
  | { login: { publicKey: string } }
  | {
      signupV2: {
        apiKeys: unknown[]
        authenticators: unknown[]
        oauthProviders: unknown[]
        email: string
      }
    }

/**
 * Proves that the key a verification token was issued for asks for this use
 * of it: the key signs the usage and the token's id (`v1TokenUsage`, as the
 * vendor's SDKs build it), so a stolen token cannot log another key in or
 * sign another passkey up.
 */
export async function createClientSignature({
  key,
  tokenId,
  usage,
}: {
  key: StampingKey
  tokenId: string
  usage: TokenUsage
}): Promise<ClientSignature> {
  const message = JSON.stringify({
    ...usage,
    tokenId,
    type: 'login' in usage ? 'USAGE_TYPE_LOGIN' : 'USAGE_TYPE_SIGNUP',
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
