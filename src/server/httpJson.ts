import { p256 } from '@noble/curves/p256'
import { checkedEmail, LookalikeEmailError } from '../core/email.js'
import { fromBase64Url } from '../core/encodings.js'
import { badField, Refusal } from './errors.js'

/** The largest body the handlers read: a passkey's attestation is a few KiB at most. */
const maxBodyBytes = 64 * 1024

const tooLarge = () =>
  new Refusal(
    413,
    'body_too_large',
    `The body is larger than ${maxBodyBytes / 1024} KiB: send only the JSON the route expects.`,
  )

const notJson = (why: string) =>
  new Refusal(
    400,
    'invalid_json',
    `The body is not valid JSON (${why}): send the JSON object the route expects.`,
  )

/** `application/json`, with no charset or a UTF-8 one. */
function isJsonContentType(header: string | null) {
  if (!header) return false
  const [mediaType, ...parameters] = header.split(';')
  if (mediaType!.trim().toLowerCase() !== 'application/json') return false
  return parameters.every((parameter) => {
    const [name, value = ''] = parameter.split('=')
    return (
      name!.trim().toLowerCase() !== 'charset' ||
      /^"?utf-8"?$/i.test(value.trim())
    )
  })
}

/** The body's bytes, refused as soon as they pass the cap (the rest is never read). */
async function readCapped(request: Request): Promise<Uint8Array> {
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > maxBodyBytes) throw tooLarge()
  if (!request.body) {
    // Runtimes whose Request has no stream: the whole body, then the same cap.
    const bytes = new Uint8Array(await request.arrayBuffer())
    if (bytes.length > maxBodyBytes) throw tooLarge()
    return bytes
  }
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let length = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    length += value.length
    if (length > maxBodyBytes) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.length
  }
  return bytes
}

/**
 * The JSON a handler was POSTed: 405 for another method, 415 unless the
 * content type is `application/json` (which also keeps plain cross-site form
 * posts out: they cannot send it without a CORS preflight), 413 past
 * `maxBodyBytes`, 400 for an empty body, bytes that are not UTF-8 or text
 * that is not JSON.
 */
export async function readJsonBody(request: Request): Promise<unknown> {
  if (request.method !== 'POST')
    throw new Refusal(
      405,
      'method_not_allowed',
      `This route answers POST only, not ${request.method}.`,
      { allow: 'POST' },
    )
  if (!isJsonContentType(request.headers.get('content-type')))
    throw new Refusal(
      415,
      'unsupported_content_type',
      'Send the body as JSON, with the header Content-Type: application/json.',
    )
  const bytes = await readCapped(request)
  if (bytes.length === 0) throw notJson('the body is empty')
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw notJson('its bytes are not UTF-8')
  }
  try {
    return JSON.parse(text)
  } catch {
    throw notJson('it does not parse')
  }
}

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

/** The longest name a route takes (a user's, a provider's): what a passkey prompt shows in practice. */
export const maxNameLength = 64

/**
 * A name as a person typed it, trimmed: 1 to `maxNameLength` characters
 * (code points), not blank, without control characters; `invalid()` otherwise.
 */
export function readName(value: unknown, invalid: () => Refusal): string {
  if (typeof value !== 'string') throw invalid()
  const name = value.trim()
  const length = [...name].length
  if (length < 1 || length > maxNameLength || /\p{Cc}/u.test(name))
    throw invalid()
  return name
}

/**
 * A compressed P-256 public key on the curve, hex (66 characters, `02`/`03`
 * first), as sent: 400 `invalid_public_key` otherwise.
 */
export function readCompressedPublicKey(value: unknown): string {
  const invalid = () =>
    badField(
      'invalid_public_key',
      '`publicKey` must be a compressed P-256 public key on the curve: 66 hex characters starting with 02 or 03.',
    )
  if (typeof value !== 'string' || !/^0[23][0-9a-f]{64}$/i.test(value))
    throw invalid()
  try {
    p256.ProjectivePoint.fromHex(value).assertValidity()
  } catch {
    throw invalid()
  }
  return value
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
  return fromBase64Url(value)
}

// Local part: printable, no spaces, quotes or brackets; domain: dot-separated
// labels (ASCII or punycode) ending in a top-level domain of letters.
const emailSyntax =
  /^[^\s@"<>()[\]\\,;:\p{Cc}]{1,64}@(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/iu

/**
 * An email address as the handlers store and look it up (canonicalEmail), so
 * `Ada@Example.com ` at sign-up and `ada@example.com` at recovery find the
 * same account. Undefined when it is not an address, or holds a look-alike
 * character that would make it read as another's.
 */
export function normalizeEmail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  let email: string
  try {
    email = checkedEmail(value)
  } catch (error) {
    if (error instanceof LookalikeEmailError) return undefined
    throw error
  }
  return email.length <= 254 && emailSyntax.test(email) ? email : undefined
}

/** A JSON answer that no cache keeps (ids and refusals are per user). */
export function jsonAnswer(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    },
  })
}
