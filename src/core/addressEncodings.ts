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

const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]
const bech32Constant = 1
const bech32mConstant = 0x2bc830a3
const checksumLength = 6

export type Bech32 = { prefix: string; bytes: Uint8Array }

/**
 * Decodes a BIP-173 bech32 (or BIP-350 bech32m) string and verifies its
 * checksum. `maxLength` is 90 in BIP-173; Cardano addresses are longer.
 */
export function decodeBech32(
  value: string,
  { maxLength = 90 }: { maxLength?: number | undefined } = {},
): Bech32 | undefined {
  if (value.length > maxLength) return undefined
  if (value !== value.toLowerCase() && value !== value.toUpperCase())
    return undefined
  const lower = value.toLowerCase()
  const separator = lower.lastIndexOf('1')
  if (separator < 1 || lower.length - separator - 1 < checksumLength)
    return undefined
  const prefix = lower.slice(0, separator)
  if (
    ![...prefix].every((c) => c.charCodeAt(0) >= 33 && c.charCodeAt(0) <= 126)
  )
    return undefined
  const words: number[] = []
  for (const character of lower.slice(separator + 1)) {
    const word = charset.indexOf(character)
    if (word < 0) return undefined
    words.push(word)
  }
  const checksum = polymod([...expandPrefix(prefix), ...words])
  if (checksum !== bech32Constant && checksum !== bech32mConstant)
    return undefined
  const bytes = wordsToBytes(words.slice(0, -checksumLength))
  return bytes && { prefix, bytes }
}

function expandPrefix(prefix: string) {
  const codes = [...prefix].map((c) => c.charCodeAt(0))
  return [...codes.map((c) => c >> 5), 0, ...codes.map((c) => c & 31)]
}

function polymod(values: number[]) {
  let checksum = 1
  for (const value of values) {
    const top = checksum >> 25
    checksum = ((checksum & 0x1ffffff) << 5) ^ value
    generators.forEach((generator, bit) => {
      if ((top >> bit) & 1) checksum ^= generator
    })
  }
  return checksum
}

/** 5-bit groups to bytes; leftover bits must be zero padding under 5 bits. */
function wordsToBytes(words: number[]): Uint8Array | undefined {
  const bytes: number[] = []
  let accumulator = 0
  let bits = 0
  for (const word of words) {
    accumulator = (accumulator << 5) | word
    bits += 5
    while (bits >= 8) {
      bits -= 8
      bytes.push((accumulator >> bits) & 0xff)
    }
  }
  if (bits >= 5 || ((accumulator << (8 - bits)) & 0xff) !== 0) return undefined
  return Uint8Array.from(bytes)
}
