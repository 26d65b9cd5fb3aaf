import { sha256, stringToBytes } from 'viem'
import { fromBase64Url, toBase64Url } from '../core/base64url.js'
import type { Stamper } from './Stamper.js'

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
}: {
  rpId: string
  getAssertion: GetPasskeyAssertion
  /** base64url id of the one passkey to ask for. */
  credentialId?: string | undefined
  /** Closes the prompt when aborted (the connection it was for was left). */
  signal?: AbortSignal | undefined
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
