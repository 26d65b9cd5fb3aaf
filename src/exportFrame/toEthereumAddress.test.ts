import { privateKeyToAccount } from 'viem/accounts'
import { expect, it } from 'vitest'
import { toEthereumAddress } from './toEthereumAddress.js'

// The frame derives the address itself, with noble's secp256k1 and keccak:
// the address viem gives (the one wallets and the host page show) is the
// reference its EIP-55 checksum must match.
it('derives the same checksummed address as viem', () => {
  for (const hex of [
    '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318',
    '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  ] as const) {
    const bytes = Uint8Array.from(Buffer.from(hex.slice(2), 'hex'))
    expect(toEthereumAddress(bytes)).toBe(privateKeyToAccount(hex).address)
  }
})
