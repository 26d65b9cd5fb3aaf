import type { RecoveryCodeFormat } from './CodeSender.js'
import { InvalidRecoveryCodeError } from './errors.js'

// Crockford Base32 as the vendor's alphanumeric codes use it: no I, L, O, U.
const crockford = /^[0-9A-HJKMNP-TV-Z]+$/

/** The pasted code as the proxy expects it, or InvalidRecoveryCodeError before any try is spent. */
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
    throw new InvalidRecoveryCodeError({
      reason: `a code is ${length} ${alphanumeric ? 'letters and digits (no I, L, O or U)' : 'digits'}; got ${code.length} characters`,
    })
  return normalized
}
