import { Refusal } from './Refusal.js'

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
