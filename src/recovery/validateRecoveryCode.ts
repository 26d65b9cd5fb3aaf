import type { RecoveryType } from '../turnkey/hostBackendContract.js'
import { InvalidRecoveryCodeError } from './errors.js'

/** A recovery code is valid for this long after its credential was made (SPEC §9). */
export const recoveryCodeValiditySeconds = 900

/** How far this device's clock may be behind the vendor's before a credential counts as forged. */
export const maxClockSkewSeconds = 300

/** What the vendor says about the credential a code decrypts to. */
export type RecoveryCredential = {
  organizationId: string | undefined
  userId: string | undefined
  /**
   * The vendor's credential type, e.g. `CREDENTIAL_TYPE_RECOVER_USER_KEY_P256`;
   * `undefined` where the page cannot read it: a recover-user key may sign
   * `recover_user` only, and the vendor checks its type there.
   */
  type: string | undefined
  /** Unix seconds. */
  createdAt: number
}

// Email recovery signs with an API-key credential (the expiring key email auth issues);
// passkey recovery with the vendor's recover-user key.
const credentialTypes: Record<RecoveryType, readonly string[]> = {
  email: [
    'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256',
    'CREDENTIAL_TYPE_API_KEY_P256',
  ],
  passkey: ['CREDENTIAL_TYPE_RECOVER_USER_KEY_P256'],
}

/**
 * Accepts a recovery code's credential or throws InvalidRecoveryCodeError
 * ('The code is invalid or expired.') with the rule that refused it.
 */
export function validateRecoveryCode({
  recoveryType,
  credential,
  nowSeconds,
  credentialTypes: allowedTypes = credentialTypes[recoveryType],
}: {
  recoveryType: RecoveryType
  credential: RecoveryCredential
  nowSeconds: number
  /**
   * The credential types this code's source issues, when not the host
   * backend's: an Auth Proxy OTP login makes a `CREDENTIAL_TYPE_LOGIN` key.
   */
  credentialTypes?: readonly string[] | undefined
}): void {
  if (!credential.userId)
    throw new InvalidRecoveryCodeError({ reason: 'the code names no user' })
  if (!credential.organizationId)
    throw new InvalidRecoveryCodeError({
      reason: 'the code names no organization',
    })
  const typeUnread = credential.type === undefined && recoveryType === 'passkey'
  if (!typeUnread && !allowedTypes?.includes(credential.type ?? 'unknown'))
    throw new InvalidRecoveryCodeError({
      reason: `a ${credential.type ?? 'unknown'} credential cannot be used for ${recoveryType} recovery`,
    })
  const age = nowSeconds - credential.createdAt
  if (!Number.isFinite(age) || age >= recoveryCodeValiditySeconds)
    throw new InvalidRecoveryCodeError({
      reason: `the credential is ${age} s old; codes are valid for ${recoveryCodeValiditySeconds} s`,
    })
  // A little "from the future" only means this device's clock is behind the vendor's.
  if (age < -maxClockSkewSeconds)
    throw new InvalidRecoveryCodeError({
      reason: `the credential is dated ${-age} s in the future; more than ${maxClockSkewSeconds} s of clock skew`,
    })
}
