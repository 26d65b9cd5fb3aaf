import { unauthenticated } from './VendorError.js'

export type ApiKeyStamp = { publicKey: string; signature: string }

/** Decodes an `X-Stamp` header: base64url JSON `{publicKey, scheme, signature}`. */
export function parseApiKeyStamp(header: string): ApiKeyStamp {
  let stamp: unknown
  try {
    stamp = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'))
  } catch {
    throw unauthenticated('malformed activity stamp')
  }
  const { publicKey, scheme, signature } = (stamp ?? {}) as Record<
    string,
    unknown
  >
  if (
    scheme !== 'SIGNATURE_SCHEME_TK_API_P256' ||
    typeof publicKey !== 'string' ||
    typeof signature !== 'string' ||
    !/^[0-9a-fA-F]+$/.test(signature)
  )
    throw unauthenticated('malformed activity stamp')
  return {
    publicKey: publicKey.toLowerCase(),
    signature: signature.toLowerCase(),
  }
}
