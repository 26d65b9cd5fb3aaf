import { secp256k1 } from '@noble/curves/secp256k1'
import { keccak_256 } from '@noble/hashes/sha3'

/** The Ethereum address of a secp256k1 private key, EIP-55 checksummed. */
export function toEthereumAddress(privateKey: Uint8Array): string {
  const publicKey = secp256k1.getPublicKey(privateKey, false).slice(1)
  const hex = Array.from(keccak_256(publicKey).slice(-20), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
  const hash = keccak_256(new TextEncoder().encode(hex))
  const checksummed = Array.from(hex, (char, index) => {
    const nibble = (hash[index >> 1]! >> (index % 2 === 0 ? 4 : 0)) & 0xf
    return nibble >= 8 ? char.toUpperCase() : char
  }).join('')
  return `0x${checksummed}`
}
