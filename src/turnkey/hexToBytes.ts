/** Bytes of an even-length hex string (no 0x); `undefined` for anything else. */
export function hexToBytes(hex: unknown): Uint8Array<ArrayBuffer> | undefined {
  if (typeof hex !== 'string' || !/^(?:[0-9a-f]{2})*$/i.test(hex))
    return undefined
  return Uint8Array.from({ length: hex.length / 2 }, (_, i) =>
    Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16),
  )
}
