import { getAddress, isAddress } from 'viem'
import type { CaipNamespace } from './caipNamespaces.js'
import { decodeBase58 } from './decodeBase58.js'
import { decodeBech32 } from './decodeBech32.js'

export type CaipNamespaceRule = {
  /** What a reference looks like, said to the developer when one is wrong. */
  reference: string
  isReference(reference: string): boolean
  /** What an address looks like, said to the developer when one is wrong. */
  address: string
  /** The address in canonical form, or `undefined` when it is not one. */
  normalizeAddress(address: string): string | undefined
}

const multiversx: CaipNamespaceRule = {
  reference: 'a chain id such as "1", "D" or "T"',
  isReference: (reference) => /^[-_a-zA-Z0-9]{1,32}$/.test(reference),
  address: 'a bech32 "erd1…" address of a 32-byte public key',
  normalizeAddress(address) {
    const decoded = decodeBech32(address)
    return decoded?.prefix === 'erd' && decoded.bytes.length === 32
      ? address.toLowerCase()
      : undefined
  },
}

const nearAccountId = /^(([a-z\d]+[-_])*[a-z\d]+\.)*([a-z\d]+[-_])*[a-z\d]+$/
const cardanoPrefixes = ['addr', 'addr_test', 'stake', 'stake_test']

/** Per-namespace rules from the CAIP namespace profiles. */
export const caipNamespaceRules: Record<CaipNamespace, CaipNamespaceRule> = {
  eip155: {
    reference: 'a decimal chain id without leading zeros',
    isReference: (reference) => /^[1-9][0-9]{0,31}$/.test(reference),
    address: '0x followed by 40 hex characters, checksummed or single-case',
    normalizeAddress: (address) =>
      isAddress(address) ? getAddress(address) : undefined,
  },
  solana: {
    reference: 'the first 32 base58 characters of the genesis hash',
    isReference: (reference) => /^[1-9A-HJ-NP-Za-km-z]{32}$/.test(reference),
    address: 'a base58 public key of 32 bytes',
    normalizeAddress: (address) =>
      address.length <= 44 && decodeBase58(address)?.length === 32
        ? address
        : undefined,
  },
  cosmos: {
    reference: 'a chain id of letters, digits and "-", at most 32 characters',
    isReference: (reference) => /^[-a-zA-Z0-9]{1,32}$/.test(reference),
    address: 'a bech32 address with a valid checksum',
    normalizeAddress: (address) =>
      decodeBech32(address) ? address.toLowerCase() : undefined,
  },
  polkadot: {
    reference: 'the first 32 lowercase hex characters of the genesis hash',
    isReference: (reference) => /^[0-9a-f]{32}$/.test(reference),
    address: 'an SS58 address of a 32-byte public key',
    normalizeAddress(address) {
      const length = address.length <= 50 ? decodeBase58(address)?.length : 0
      return length === 35 || length === 36 ? address : undefined
    },
  },
  cip34: {
    reference: '"networkId-networkMagic", e.g. "1-764824073"',
    isReference: (reference) => /^[0-9]{1,3}-[0-9]{1,10}$/.test(reference),
    address: 'a bech32 "addr…" or "stake…" Cardano address',
    normalizeAddress(address) {
      const decoded = decodeBech32(address, { maxLength: 128 })
      return decoded && cardanoPrefixes.includes(decoded.prefix)
        ? address.toLowerCase()
        : undefined
    },
  },
  elrond: multiversx,
  multiversx,
  near: {
    reference: 'a network name such as "mainnet" or "testnet"',
    isReference: (reference) => /^[-a-z0-9]{1,32}$/.test(reference),
    address: 'a NEAR account id of 2 to 64 lowercase characters',
    normalizeAddress: (address) =>
      address.length >= 2 && address.length <= 64 && nearAccountId.test(address)
        ? address
        : undefined,
  },
}
