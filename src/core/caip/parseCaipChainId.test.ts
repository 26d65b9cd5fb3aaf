import { describe, expect, it } from 'vitest'
import {
  InvalidCaipChainIdError,
  UnsupportedCaipNamespaceError,
} from '../errors/caip.js'
import { formatCaipChainId } from './formatCaipChainId.js'
import { parseCaipChainId } from './parseCaipChainId.js'

describe('parseCaipChainId', () => {
  it.each([
    ['eip155:1', 'eip155', '1'],
    ['eip155:8453', 'eip155', '8453'],
    [
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'solana',
      '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    ],
    ['cosmos:cosmoshub-4', 'cosmos', 'cosmoshub-4'],
    [
      'polkadot:91b171bb158e2d3848fa23a9f1c25182',
      'polkadot',
      '91b171bb158e2d3848fa23a9f1c25182',
    ],
    ['cip34:0-1', 'cip34', '0-1'],
    ['elrond:T', 'elrond', 'T'],
    ['multiversx:1', 'multiversx', '1'],
    ['near:testnet', 'near', 'testnet'],
  ])('parses %s', (value, namespace, reference) => {
    expect(parseCaipChainId(value)).toEqual({ namespace, reference })
  })

  it.each([
    [null, InvalidCaipChainIdError, /not a string/],
    ['eip155', InvalidCaipChainIdError, /expected 2 parts/],
    ['eip155:1:2', InvalidCaipChainIdError, /expected 2 parts/],
    ['eip155:0', InvalidCaipChainIdError, /decimal chain id/],
    ['eip155:0x1', InvalidCaipChainIdError, /decimal chain id/],
    [`eip155:${'9'.repeat(33)}`, InvalidCaipChainIdError, /decimal chain id/],
    ['e:1', InvalidCaipChainIdError, /3 to 8 lowercase/],
    [
      'tezos:NetXdQprcVkpaWU',
      UnsupportedCaipNamespaceError,
      /Unsupported chain namespace "tezos"/,
    ],
  ])('rejects %j', (value, errorClass, message) => {
    expect(() => parseCaipChainId(value)).toThrow(errorClass)
    expect(() => parseCaipChainId(value)).toThrow(message)
  })
})

describe('formatCaipChainId', () => {
  it('formats a numeric eip155 chain id', () => {
    expect(formatCaipChainId({ namespace: 'eip155', reference: 8453 })).toBe(
      'eip155:8453',
    )
  })

  it('refuses a reference the namespace does not allow', () => {
    expect(() =>
      formatCaipChainId({ namespace: 'eip155', reference: -1 }),
    ).toThrow(InvalidCaipChainIdError)
  })
})
