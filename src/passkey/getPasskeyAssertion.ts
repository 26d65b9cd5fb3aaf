import { passkeyTimeoutMs } from './createPasskey.js'
import { oneCeremonyAtATime } from './oneCeremonyAtATime.js'
import { toPasskeyError } from './toPasskeyError.js'
import { webauthn } from './webauthn.js'

/**
 * One passkey prompt (`navigator.credentials.get`, 5 minutes): the ceremony
 * the vendor's passkey stamper runs. No WebAuthn is a
 * WebauthnNotSupportedError; a failed ceremony is mapped by toPasskeyError.
 * WebAuthn is called before the first await, so iOS keeps the user's tap,
 * unless another prompt is still open: then once it has ended. An aborted
 * `signal` closes the prompt.
 */
export async function getPasskeyAssertion(
  publicKey: PublicKeyCredentialRequestOptions,
  signal?: AbortSignal,
): Promise<PublicKeyCredential> {
  const credentials = webauthn()
  try {
    return (await oneCeremonyAtATime(() =>
      credentials.get({
        publicKey: { ...publicKey, timeout: passkeyTimeoutMs },
        ...(signal && { signal }),
      }),
    )) as PublicKeyCredential
  } catch (error) {
    throw toPasskeyError(error, 'get', { rpId: publicKey.rpId ?? '' })
  }
}
