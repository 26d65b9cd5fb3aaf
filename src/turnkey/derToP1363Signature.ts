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
