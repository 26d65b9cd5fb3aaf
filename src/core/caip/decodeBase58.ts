const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Decodes Bitcoin-alphabet base58; `undefined` for any character outside it. */
export function decodeBase58(value: string): Uint8Array | undefined {
  const bytes: number[] = []
  for (const character of value) {
    let carry = alphabet.indexOf(character)
    if (carry < 0) return undefined
    for (let index = 0; index < bytes.length; index++) {
      carry += bytes[index]! * 58
      bytes[index] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  let leadingZeros = 0
  while (value[leadingZeros] === '1') leadingZeros++
  return Uint8Array.from([
    ...new Array(leadingZeros).fill(0),
    ...bytes.reverse(),
  ])
}
