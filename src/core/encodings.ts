import { bytesToHex } from 'viem'

// The byte encodings the vendor speaks: base64url, hex keys and ECDSA
// signatures in DER. Addresses' base58 and bech32 are in addressEncodings.ts,
// which only the flows that read addresses load.

export function toBase64Url(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)
  let binary = ''
  for (const byte of view) binary += String.fromCharCode(byte)
  return btoa(binary)
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/')
  const binary = atob(
    base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='),
  )
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}

/** The JSON object one base64url part of a JWT holds (`jwtPart(jwt, 1)`: its claims); `undefined` for anything else. */
export function jwtPart(
  jwt: string,
  index: 0 | 1,
): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(
      new TextDecoder().decode(fromBase64Url(jwt.split('.')[index] ?? '')),
    )
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/** Bytes of an even-length hex string (no 0x); `undefined` for anything else. */
export function hexKeyToBytes(
  hex: unknown,
): Uint8Array<ArrayBuffer> | undefined {
  if (typeof hex !== 'string' || !/^(?:[0-9a-f]{2})*$/i.test(hex))
    return undefined
  return Uint8Array.from({ length: hex.length / 2 }, (_, i) =>
    Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16),
  )
}

/** WebCrypto gives r ‖ s; the vendor wants DER. */
export function toDerSignature(p1363: Uint8Array): string {
  const integer = (bytes: Uint8Array) => {
    let start = 0
    while (start < bytes.length - 1 && bytes[start] === 0) start++
    let value = bytes.subarray(start)
    if (value[0]! & 0x80) value = Uint8Array.from([0, ...value])
    return [0x02, value.length, ...value]
  }
  const body = [
    ...integer(p1363.subarray(0, 32)),
    ...integer(p1363.subarray(32)),
  ]
  return bytesToHex(Uint8Array.from([0x30, body.length, ...body])).slice(2)
}

/**
 * A DER ECDSA P-256 signature (`30 len 02 len r 02 len s`) as the 64-byte
 * r ‖ s that WebCrypto verifies; `undefined` when it is not well formed.
 */
export function derToP1363Signature(
  der: Uint8Array,
): Uint8Array<ArrayBuffer> | undefined {
  if (der[0] !== 0x30 || der[1] !== der.length - 2) return undefined
  const signature = new Uint8Array(64)
  let offset = 2
  for (const half of [0, 32]) {
    const length = der[offset + 1] ?? 0
    const start = offset + 2
    if (der[offset] !== 0x02 || length < 1 || length > 33) return undefined
    if (start + length > der.length) return undefined
    // DER integers are signed: a leading zero keeps a high bit positive.
    const integer = der.subarray(start, start + length)
    const unsigned = integer[0] === 0 ? integer.subarray(1) : integer
    if (unsigned.length > 32) return undefined
    signature.set(unsigned, half + 32 - unsigned.length)
    offset = start + length
  }
  return offset === der.length ? signature : undefined
}
