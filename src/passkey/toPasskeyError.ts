import type { UserRejectedRequestError } from 'viem'
import { userRejection } from '../core/connectionErrors.js'
import { PasskeyError } from './errors.js'

/**
 * What a failed `navigator.credentials` call means, as a PasskeyError with
 * SPEC §8's code. A cancelled or timed-out prompt becomes viem's
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
