// @vitest-environment happy-dom
import { expect } from 'vitest'
import {
  formatCaipChainId,
  parseCaipAccount,
  parseCaipChainId,
} from '../../../src/core/caip.js'
import { bad, type Case, runCases } from '../../helpers/badInputCases.js'
import { checksummedAddress } from '../../helpers/badInputFixtures.js'

// Bad CAIP-10 accounts and CAIP-2 chain ids.

const cases: Case[] = [
  // --- CAIP accounts and chain ids -----------------------------------------
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'an account that is not a string',
    input: undefined,
    run: parseCaipAccount,
    expected: {
      throws: 'InvalidCaipAccountError',
      message: 'Invalid CAIP-10 account "undefined": not a string.',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'an account without an address',
    input: 'eip155:1',
    run: parseCaipAccount,
    expected: {
      throws: 'InvalidCaipAccountError',
      message:
        'Invalid CAIP-10 account "eip155:1": expected 3 parts separated by ":", got 2.',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'an account with a fourth part',
    input: `eip155:1:${checksummedAddress}:extra`,
    run: parseCaipAccount,
    expected: {
      throws: 'InvalidCaipAccountError',
      messageIncludes: 'expected 3 parts separated by ":", got 4',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'a Bitcoin account (a namespace the pack does not understand)',
    input:
      'bip122:000000000019d6689c085ae165831e93:128Lkh3S7CkDTBZ8W7BbpsN3YYizJMp8p6',
    run: parseCaipAccount,
    expected: {
      throws: 'UnsupportedCaipNamespaceError',
      message: 'Unsupported chain namespace "bip122".',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'an upper-case namespace',
    input: `EIP155:1:${checksummedAddress}`,
    run: parseCaipAccount,
    expected: {
      throws: 'InvalidCaipAccountError',
      messageIncludes: 'the namespace must be 3 to 8 lowercase letters',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'an eip155 address with a broken checksum',
    input: 'eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdc',
    run: parseCaipAccount,
    expected: {
      throws: 'InvalidCaipAccountError',
      messageIncludes:
        'the eip155 address must be 0x followed by 40 hex characters',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'an account of 1 MB (the message stays short)',
    input: `eip155:1:0x${'a'.repeat(1_000_000)}`,
    run: parseCaipAccount,
    expected: {
      throws: 'InvalidCaipAccountError',
      also: (error) =>
        expect(String(error.shortMessage).length).toBeLessThan(300),
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'an object without a prototype (from a parsed payload)',
    input: Object.create(null) as unknown,
    run: parseCaipAccount,
    expected: {
      throws: 'InvalidCaipAccountError',
      messageIncludes: 'not a string',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'a chain id that is a number',
    input: 1,
    run: parseCaipChainId,
    expected: {
      throws: 'InvalidCaipChainIdError',
      message: 'Invalid CAIP-2 chain id "1": not a string.',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'chain 0',
    input: 'eip155:0',
    run: parseCaipChainId,
    expected: {
      throws: 'InvalidCaipChainIdError',
      messageIncludes: 'a decimal chain id without leading zeros',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'a hex chain reference',
    input: 'eip155:0x1',
    run: parseCaipChainId,
    expected: {
      throws: 'InvalidCaipChainIdError',
      messageIncludes: 'a decimal chain id without leading zeros',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'no namespace',
    input: ':1',
    run: parseCaipChainId,
    expected: {
      throws: 'InvalidCaipChainIdError',
      messageIncludes: 'the namespace must be 3 to 8 lowercase letters',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'a Solana network name instead of its genesis hash',
    input: 'solana:mainnet',
    run: parseCaipChainId,
    expected: {
      throws: 'InvalidCaipChainIdError',
      messageIncludes: 'genesis hash',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'a prototype key as the namespace',
    input: '__proto__:1',
    run: parseCaipChainId,
    expected: {
      throws: 'InvalidCaipChainIdError',
      messageIncludes: 'the namespace must be',
    },
  }),
  bad({
    source: 'CAIP accounts and chain ids',
    name: 'a fractional eip155 reference given to formatCaipChainId',
    input: 1.5,
    run: (reference) => formatCaipChainId({ namespace: 'eip155', reference }),
    expected: {
      throws: 'InvalidCaipChainIdError',
      message:
        'Invalid CAIP-2 chain id "eip155:1.5": the eip155 reference must be a decimal chain id without leading zeros.',
    },
  }),
]

runCases(cases)
