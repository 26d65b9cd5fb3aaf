import { badField } from './Refusal.js'

/**
 * The fields of a JSON object whose keys are all known: an array, null or a
 * primitive is refused with `code`, any other key with `unknown_field` (a
 * `__proto__` key included: JSON.parse makes it an own key, and it is never
 * merged into anything). The values are copied to a fresh null-prototype object.
 */
export function readFields<const name extends string>(
  value: unknown,
  {
    path,
    known,
    code,
    expected,
  }: {
    /** How the message names the object, e.g. `the body` or `attestation`. */
    path: string
    known: readonly name[]
    code: string
    /** What the object must be, for the message. */
    expected: string
  },
): Partial<Record<name, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw badField(code, `${capitalized(path)} must be ${expected}.`)
  const fields = Object.create(null) as Partial<Record<name, unknown>>
  for (const key of Object.keys(value)) {
    if (!(known as readonly string[]).includes(key))
      throw badField(
        'unknown_field',
        `Unknown field \`${printable(key)}\` in ${path}: it holds only ${known.join(', ')}.`,
      )
    fields[key as name] = (value as Record<string, unknown>)[key]
  }
  return fields
}

const capitalized = (text: string) => text[0]!.toUpperCase() + text.slice(1)

/** A key as a message may show it: short, without control characters. */
function printable(key: string) {
  const shown = key.replace(/[\p{Cc}\p{Cf}`]/gu, '?')
  return shown.length > 40 ? `${shown.slice(0, 40)}…` : shown
}

const base64url = /^[A-Za-z0-9_-]*$/

/** Bytes of an unpadded base64url string, or undefined if it is not one. */
export function decodeBase64Url(value: unknown): Uint8Array | undefined {
  if (
    typeof value !== 'string' ||
    !base64url.test(value) ||
    value.length % 4 === 1
  )
    return undefined
  const base64 = value.replaceAll('-', '+').replaceAll('_', '/')
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}

// Local part: printable, no spaces, quotes or brackets; domain: dot-separated
// labels (ASCII or punycode) ending in a top-level domain of letters.
const emailSyntax =
  /^[^\s@"<>()[\]\\,;:\p{Cc}]{1,64}@(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/iu

/**
 * An email address as the handlers store and look it up: trimmed and in
 * lower case, so `Ada@Example.com ` at sign-up and `ada@example.com` at
 * recovery find the same account. Undefined when it is not an address.
 */
export function normalizeEmail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const email = value.trim().toLowerCase()
  return email.length <= 254 && emailSyntax.test(email) ? email : undefined
}
