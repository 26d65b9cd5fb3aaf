import { bytesToHex } from 'viem'

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
