import { sha256, stringToBytes } from 'viem'
import { toBase64Url } from './base64url.js'
import { passkeyTimeoutMs } from './createPasskey.js'
import type { Stamper } from './Stamper.js'
import { toPasskeyError } from './toPasskeyError.js'
import { webauthn } from './webauthn.js'

/**
 * Stamps with a discoverable passkey: the challenge is the UTF-8 text of
 * hex(sha256(body)), as the vendor verifies it. Each stamp is one prompt.
 */
export function createPasskeyStamper({ rpId }: { rpId: string }): Stamper {
  return {
    kind: 'passkey',
    async stamp(body) {
      const credentials = webauthn()
      // Hashed synchronously: iOS drops the user's tap after too many awaits.
      const hex = sha256(stringToBytes(body)).slice(2)
      let credential: PublicKeyCredential
      try {
        credential = (await credentials.get({
          publicKey: {
            rpId,
            challenge: new TextEncoder().encode(hex),
            allowCredentials: [],
            userVerification: 'preferred',
            timeout: passkeyTimeoutMs,
          },
        })) as PublicKeyCredential
      } catch (error) {
        throw toPasskeyError(error, 'get', { rpId })
      }
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
