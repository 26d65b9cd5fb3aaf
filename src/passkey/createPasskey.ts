import { toBase64Url } from '../core/base64url.js'
import type { VendorAttestation } from '../turnkey/hostBackendContract.js'
import { PasskeyError } from './errors.js'
import { oneCeremonyAtATime } from './oneCeremonyAtATime.js'
import { toPasskeyError } from './toPasskeyError.js'
import { webauthn } from './webauthn.js'

export const passkeyTimeoutMs = 300_000

export type CreatePasskeyParameters = {
  rpId: string
  rpName: string
  userName: string
  /** 1 to 64 bytes; random 32 bytes by default. */
  userId?: Uint8Array<ArrayBuffer> | undefined
  /** Closes the prompt when aborted (the sign-up it was for was left). */
  signal?: AbortSignal | undefined
}

// The WebAuthn transports the vendor knows, as `AUTHENTICATOR_TRANSPORT_<NAME>`.
const vendorTransports = ['internal', 'hybrid', 'usb', 'nfc', 'ble']

/**
 * Creates a discoverable passkey (resident key, user verification
 * preferred, ES256 or RS256, 5 minutes) and returns it in the vendor's
 * registration shape: the base64url `challenge` and the `attestation`.
 */
export async function createPasskey({
  rpId,
  rpName,
  userName,
  userId = crypto.getRandomValues(new Uint8Array(32)),
  signal,
}: CreatePasskeyParameters) {
  if (userId.length < 1 || userId.length > 64)
    throw new PasskeyError(
      'ERROR_INVALID_USER_ID_LENGTH',
      `The passkey user id must be 1 to 64 bytes, got ${userId.length}.`,
    )
  const credentials = webauthn()
  const challenge = crypto.getRandomValues(new Uint8Array(32))
  let credential: PublicKeyCredential
  try {
    credential = (await oneCeremonyAtATime(() =>
      credentials.create({
        publicKey: {
          rp: { id: rpId, name: rpName },
          user: { id: userId, name: userName, displayName: userName },
          challenge,
          pubKeyCredParams: [
            { type: 'public-key', alg: -7 },
            { type: 'public-key', alg: -257 },
          ],
          authenticatorSelection: {
            residentKey: 'required',
            requireResidentKey: true,
            userVerification: 'preferred',
          },
          attestation: 'none',
          timeout: passkeyTimeoutMs,
        },
        ...(signal && { signal }),
      }),
    )) as PublicKeyCredential
  } catch (error) {
    throw toPasskeyError(error, 'create', { rpId })
  }
  const response = credential.response as AuthenticatorAttestationResponse
  const attestation: VendorAttestation = {
    credentialId: credential.id,
    clientDataJson: toBase64Url(response.clientDataJSON),
    attestationObject: toBase64Url(response.attestationObject),
    transports: (response.getTransports?.() ?? [])
      .filter((transport) => vendorTransports.includes(transport))
      .map((transport) => `AUTHENTICATOR_TRANSPORT_${transport.toUpperCase()}`),
  }
  return { challenge: toBase64Url(challenge), attestation }
}
