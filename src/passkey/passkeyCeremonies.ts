import type { UserRejectedRequestError } from 'viem'
import { userRejection } from '../core/connectionErrors.js'
import { toBase64Url } from '../core/encodings.js'
import { createSerialQueue } from '../core/lifecycle.js'
import type { VendorAttestation } from '../turnkey/hostBackendContract.js'
import { PasskeyError, WebauthnNotSupportedError } from './errors.js'

// The passkey ceremonies: the WebAuthn calls a sign-up, a log-in or a
// signature make, one prompt at a time, and what their failures mean.

/** How long a passkey prompt stays open: 5 minutes. */
const passkeyTimeoutMs = 300_000

/** The browser's WebAuthn, or a clear error where there is none (server, old browser, http://). */
function webauthn(): CredentialsContainer {
  if (
    typeof window === 'undefined' ||
    typeof navigator === 'undefined' ||
    !navigator.credentials ||
    typeof PublicKeyCredential === 'undefined'
  )
    throw new WebauthnNotSupportedError()
  return navigator.credentials
}

/**
 * The passkey prompts of the page, one at a time: a ceremony starts at once
 * when none is open (still inside the user's tap, which iOS requires), else
 * once the open one has ended; a prompt left open by a disconnect must not be
 * joined by the next connect's or signature's.
 */
export const oneCeremonyAtATime = createSerialQueue().enqueue

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

/**
 * What a failed `navigator.credentials` call means, as a PasskeyError with
 * its code. A cancelled or timed-out prompt becomes viem's
 * UserRejectedRequestError (4001), so wagmi's hooks and host UIs treat it as
 * a rejection; the PasskeyError is its cause.
 */
export function toPasskeyError(
  error: unknown,
  ceremony: 'create' | 'get',
  { rpId }: { rpId: string },
): PasskeyError | UserRejectedRequestError {
  const name = (error as { name?: unknown })?.name
  const passkeyError = (() => {
    switch (name) {
      case 'AbortError':
        return new PasskeyError(
          'ERROR_CEREMONY_ABORTED',
          'The passkey prompt was aborted.',
          {
            cause: error,
          },
        )
      case 'NotAllowedError':
        return new PasskeyError(
          'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
          'The passkey prompt was cancelled or timed out.',
          { cause: error },
        )
      case 'InvalidStateError':
        return ceremony === 'create'
          ? new PasskeyError(
              'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
              'This authenticator already holds a passkey for this account.',
              { cause: error },
            )
          : new PasskeyError(
              'ERROR_AUTHENTICATOR_GENERAL_ERROR',
              'The authenticator failed.',
              {
                cause: error,
              },
            )
      case 'SecurityError':
        return typeof location !== 'undefined' &&
          location.hostname !== rpId &&
          !location.hostname.endsWith(`.${rpId}`)
          ? new PasskeyError(
              'ERROR_INVALID_RP_ID',
              `The rp id "${rpId}" does not match this page's domain.`,
              { cause: error },
            )
          : new PasskeyError(
              'ERROR_INVALID_DOMAIN',
              `${typeof location === 'undefined' ? 'This page' : location.hostname} is not a valid domain for passkeys.`,
              { cause: error },
            )
      case 'ConstraintError':
        return new PasskeyError(
          ceremony === 'create'
            ? 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT'
            : 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT',
          'The authenticator cannot meet the passkey requirements.',
          { cause: error },
        )
      case 'NotSupportedError':
        return new PasskeyError(
          'ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG',
          'The authenticator supports neither ES256 nor RS256.',
          { cause: error },
        )
      case 'TypeError':
        return new PasskeyError(
          'ERROR_MALFORMED_PUBKEYCREDPARAMS',
          'The browser refused the passkey options.',
          { cause: error },
        )
      default:
        return new PasskeyError(
          'ERROR_AUTHENTICATOR_GENERAL_ERROR',
          'The passkey prompt failed.',
          { cause: error },
        )
    }
  })()
  if (name === 'NotAllowedError' || name === 'AbortError')
    return userRejection(passkeyError)
  return passkeyError
}

type SignalUnknownCredential = (options: {
  rpId: string
  credentialId: string
}) => Promise<void>

/**
 * Tells the browser that a passkey it just created belongs to no account
 * (WebAuthn's `signalUnknownCredential`, where supported), so it can leave
 * the user's passkey list. Best effort: never throws.
 */
export async function forgetPasskey(rpId: string, credentialId: string) {
  const signal = (
    globalThis.PublicKeyCredential as
      | { signalUnknownCredential?: SignalUnknownCredential }
      | undefined
  )?.signalUnknownCredential
  try {
    await signal?.call(globalThis.PublicKeyCredential, { rpId, credentialId })
  } catch {
    // The browser refused or does not know the passkey: nothing more to do.
  }
}
