// One form of an email address for the pack, its host backend and the
// sandbox: every lookup, comparison and code sent uses it.

import { BaseError } from './errors.js'

/**
 * An email address as it is sent, stored and compared: trimmed, then NFKC,
 * then lower case, so that `Ada@Example.com ` and `ada@example.com` are the
 * same address.
 */
export function canonicalEmail(address: string): string {
  return address.trim().normalize('NFKC').toLowerCase()
}

/**
 * Whether the address holds a compatibility character that NFKC turns into
 * another (the Kelvin sign K into K, a full-width letter into its plain
 * one): it reads as, and would be looked up as, somebody else's address.
 * Such an address is refused wherever one comes in.
 */
export function hasLookalikeCharacters(address: string): boolean {
  return address.normalize('NFKC') !== address
}

export type LookalikeEmailErrorType = LookalikeEmailError & {
  name: 'LookalikeEmailError'
}
/**
 * An email address was refused before any code was sent: it holds a
 * character that reads as another (hasLookalikeCharacters).
 */
export class LookalikeEmailError extends BaseError {
  override name = 'LookalikeEmailError'
  static get code() {
    return 'email_lookalike' as const
  }
  constructor({ email }: { email: string }) {
    super('This email address has a character that reads as another.', {
      code: LookalikeEmailError.code,
      details: `${JSON.stringify(email.trim())} reads as ${JSON.stringify(canonicalEmail(email))}`,
      docsPath: 'docs/passkey.md#sign-up-with-a-verified-email',
      metaMessages: ['Type the address again, in plain letters.'],
    })
  }
}

/** `address` in its canonical form, or LookalikeEmailError before anything is sent. */
export function checkedEmail(address: string): string {
  if (hasLookalikeCharacters(address.trim()))
    throw new LookalikeEmailError({ email: address })
  return canonicalEmail(address)
}
