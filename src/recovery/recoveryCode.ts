import { InvalidEmailCodeError } from '../core/emailCode.js'
import type { RecoveryType } from '../turnkey/hostBackendContract.js'

// A recovery code: its shape, the rules its credential must meet, and the
// pasted text as the vendor expects it (refused here, before a try is spent).

/** The shape of the codes a sender emails, so a code field can ask for exactly that. */
export type RecoveryCodeFormat = {
  /** Characters in a code. */
  length: number
  /** `false`: digits only; `true`: Crockford Base32 (`0-9`, `A-Z` without I, L, O, U). */
  alphanumeric: boolean
}

/** A recovery code is valid for this long after its credential was made (docs/panels.md). */
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
 * Accepts a recovery code's credential or throws InvalidEmailCodeError
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
    throw new InvalidEmailCodeError({
      purpose: 'recovery',
      reason: 'the code names no user',
    })
  if (!credential.organizationId)
    throw new InvalidEmailCodeError({
      purpose: 'recovery',
      reason: 'the code names no organization',
    })
  const typeUnread = credential.type === undefined && recoveryType === 'passkey'
  if (!typeUnread && !allowedTypes?.includes(credential.type ?? 'unknown'))
    throw new InvalidEmailCodeError({
      purpose: 'recovery',
      reason: `a ${credential.type ?? 'unknown'} credential cannot be used for ${recoveryType} recovery`,
    })
  const age = nowSeconds - credential.createdAt
  if (!Number.isFinite(age) || age >= recoveryCodeValiditySeconds)
    throw new InvalidEmailCodeError({
      purpose: 'recovery',
      reason: `the credential is ${age} s old; codes are valid for ${recoveryCodeValiditySeconds} s`,
    })
  // A little "from the future" only means this device's clock is behind the vendor's.
  if (age < -maxClockSkewSeconds)
    throw new InvalidEmailCodeError({
      purpose: 'recovery',
      reason: `the credential is dated ${-age} s in the future; more than ${maxClockSkewSeconds} s of clock skew`,
    })
}

// Crockford Base32 as the vendor's alphanumeric codes use it: no I, L, O, U.
const crockford = /^[0-9A-HJKMNP-TV-Z]+$/

/** The pasted code as the proxy expects it, or InvalidEmailCodeError before any try is spent. */
export function normalizeOtpCode(
  pasted: string,
  { length, alphanumeric }: RecoveryCodeFormat,
): string {
  const code = pasted.replace(/[\s-]/g, '')
  const normalized = alphanumeric ? code.toUpperCase() : code
  const fits =
    normalized.length === length &&
    (alphanumeric ? crockford.test(normalized) : /^\d+$/.test(normalized))
  if (!fits)
    throw new InvalidEmailCodeError({
      purpose: 'recovery',
      reason: `a code is ${length} ${alphanumeric ? 'letters and digits (no I, L, O or U)' : 'digits'}; got ${code.length} characters`,
    })
  return normalized
}
