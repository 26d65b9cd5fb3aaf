import {
  canonicalEmail,
  checkedEmail,
  LookalikeEmailError,
} from '../../src/core/email.js'
import { badRequest } from './VendorError.js'

/**
 * An email address coming into the emulator (a code's contact, a user's
 * email, a lookup): its canonical form. One that NFKC changes reads as
 * another's address, and whether the vendor folds it is not documented, so
 * the emulator refuses it (400) before anything is sent or stored.
 */
export function incomingEmail(value: unknown, field: string): string {
  if (typeof value !== 'string') throw badRequest('bad request body')
  try {
    return checkedEmail(value)
  } catch (error) {
    if (!(error instanceof LookalikeEmailError)) throw error
    throw badRequest(
      `${field} holds a character that NFKC changes (a look-alike such as the Kelvin sign): refused`,
    )
  }
}

/** A user's email as given (the emulator stores it so), refused if NFKC changes it; none for an empty one. */
export function givenEmail(value: string, field: string): string | undefined {
  if (value === '') return undefined
  incomingEmail(value, field)
  return value
}

/** Whether two stored or verified addresses are one: their canonical forms match. */
export const sameEmail = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && canonicalEmail(a) === canonicalEmail(b)
