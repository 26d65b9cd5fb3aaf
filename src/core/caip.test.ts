import { base58, bech32 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import {
  caipNamespaces,
  formatCaipAccount,
  formatCaipChainId,
  InvalidCaipAccountError,
  InvalidCaipChainIdError,
  parseCaipAccount,
  parseCaipChainId,
  UnsupportedCaipNamespaceError,
} from './caip.js'

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

const bytes = (length: number, seed: number) =>
  Uint8Array.from({ length }, (_, index) => (index * 31 + seed) & 0xff)

const erdAddress = bech32.encode('erd', bech32.toWords(bytes(32, 7)))

// One real account per namespace the pack understands (CAIP-10 examples and chain docs).
const valid = {
  eip155: 'eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb',
  solana:
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
  cosmos: 'cosmos:cosmoshub-3:cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0',
  polkadot:
    'polkadot:b0a8d493285c2df73290dfb7e61f870f:5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
  cip34: `cip34:1-764824073:${bech32.encode('addr', bech32.toWords(bytes(57, 1)), 128)}`,
  elrond: `elrond:1:${erdAddress}`,
  multiversx: `multiversx:D:${erdAddress}`,
  near: 'near:mainnet:alice.near',
} as const satisfies Record<(typeof caipNamespaces)[number], string>

// Per namespace: a wrong reference and a wrong address.
const invalid: Record<(typeof caipNamespaces)[number], [string, RegExp][]> = {
  eip155: [
    [
      'eip155:01:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb',
      /decimal chain id/,
    ],
    [
      'eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdc',
      /0x followed by 40 hex/,
    ],
    ['eip155:1:0x1234', /0x followed by 40 hex/],
  ],
  solana: [
    [
      'solana:mainnet:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
      /genesis hash/,
    ],
    ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:0OIl', /base58 public key/],
    [
      `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${base58.encode(bytes(31, 2))}`,
      /32 bytes/,
    ],
  ],
  cosmos: [
    [
      'cosmos:cosmos_hub:cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0',
      /letters, digits/,
    ],
    [
      'cosmos:cosmoshub-3:cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc1',
      /checksum/,
    ],
  ],
  polkadot: [
    [
      'polkadot:B0A8D493285C2DF73290DFB7E61F870F:5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
      /lowercase hex/,
    ],
    ['polkadot:b0a8d493285c2df73290dfb7e61f870f:5GrwvaEF5zXb26Fz9rcQ', /SS58/],
  ],
  cip34: [
    [`cip34:mainnet:${valid.cip34.split(':')[2]}`, /networkMagic/],
    [
      `cip34:1-764824073:${bech32.encode('stake1x', bech32.toWords(bytes(29, 3)))}`,
      /Cardano/,
    ],
  ],
  elrond: [
    [`elrond:mainnet!:${erdAddress}`, /chain id such as/],
    [
      `elrond:1:${bech32.encode('erd', bech32.toWords(bytes(20, 4)))}`,
      /32-byte public key/,
    ],
  ],
  multiversx: [
    [
      `multiversx:1:${bech32.encode('moa', bech32.toWords(bytes(32, 5)))}`,
      /erd1/,
    ],
  ],
  near: [
    ['near:Mainnet:alice.near', /network name/],
    ['near:mainnet:Alice.near', /NEAR account id/],
    ['near:mainnet:a', /NEAR account id/],
    [`near:mainnet:${'a'.repeat(65)}`, /NEAR account id/],
  ],
}

describe('parseCaipAccount', () => {
  it.each(caipNamespaces)('parses a valid %s account', (namespace) => {
    const value = valid[namespace]
    const [, reference, address] = value.split(':')
    expect(parseCaipAccount(value)).toEqual({ namespace, reference, address })
  })

  it.each(
    caipNamespaces.flatMap((namespace) =>
      invalid[namespace].map(([value, reason]) => ({
        namespace,
        value,
        reason,
      })),
    ),
  )('rejects $value', ({ value, reason }) => {
    expect(() => parseCaipAccount(value)).toThrow(InvalidCaipAccountError)
    expect(() => parseCaipAccount(value)).toThrow(reason)
  })

  it('checksums eip155 addresses given in lowercase', () => {
    expect(
      parseCaipAccount('eip155:8453:0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb')
        .address,
    ).toBe('0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')
  })

  it('names the namespaces it supports when given another', () => {
    expect(() =>
      parseCaipAccount('bip122:000000000019d6689c085ae165831e93:1A1z'),
    ).toThrow(UnsupportedCaipNamespaceError)
    expect(() =>
      parseCaipAccount('bip122:000000000019d6689c085ae165831e93:1A1z'),
    ).toThrow(
      /Supported namespaces: eip155, solana, cosmos, polkadot, cip34, elrond, multiversx, near/,
    )
  })

  it.each([
    [undefined, /not a string/],
    [42, /not a string/],
    ['', /expected 3 parts/],
    ['eip155:1', /expected 3 parts/],
    [
      'eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb:extra',
      /expected 3 parts/,
    ],
    [
      'EIP155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb',
      /namespace must be/,
    ],
  ])('rejects the malformed %j', (value, reason) => {
    expect(() => parseCaipAccount(value)).toThrow(InvalidCaipAccountError)
    expect(() => parseCaipAccount(value)).toThrow(reason)
  })

  it('keeps a long input out of the message', () => {
    let error: InvalidCaipAccountError | undefined
    try {
      parseCaipAccount(`eip155:1:${'f'.repeat(10_000)}`)
    } catch (caught) {
      error = caught as InvalidCaipAccountError
    }
    expect(error).toBeInstanceOf(InvalidCaipAccountError)
    expect(error?.shortMessage.length).toBeLessThan(200)
  })
})

describe('formatCaipAccount', () => {
  it.each(caipNamespaces)('round-trips a %s account', (namespace) => {
    const parsed = parseCaipAccount(valid[namespace])
    expect(formatCaipAccount(parsed)).toBe(valid[namespace])
  })

  it('takes a numeric eip155 reference and checksums the address', () => {
    expect(
      formatCaipAccount({
        namespace: 'eip155',
        reference: 8453,
        address: '0xab16a96d359ec26a11e2c2b3d8f8b8942d5bfcdb',
      }),
    ).toBe('eip155:8453:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')
  })

  it('refuses an address of another namespace', () => {
    expect(() =>
      formatCaipAccount({
        namespace: 'solana',
        reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        address: '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb',
      }),
    ).toThrow(InvalidCaipAccountError)
  })
})
