import { base58, bech32, bech32m } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { decodeBase58, decodeBech32 } from './addressEncodings.js'

describe('decodeBase58', () => {
  it('agrees with an independent implementation, leading zeros included', () => {
    for (let length = 0; length <= 40; length++) {
      const data = Uint8Array.from({ length }, (_, i) =>
        i < 3 ? 0 : (i * 53 + length) & 0xff,
      )
      expect(decodeBase58(base58.encode(data))).toEqual(data)
    }
  })

  it.each(['0', 'O', 'I', 'l', 'abc+', ' '])(
    'rejects a character outside the alphabet: %j',
    (value) => {
      expect(decodeBase58(value)).toBeUndefined()
    },
  )
})

describe('decodeBech32', () => {
  // BIP-173 and BIP-350 valid test vectors.
  it.each([
    'A12UEL5L',
    'a12uel5l',
    'abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw',
    'split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w',
    'a1lqfn3a',
  ])('accepts %s', (value) => {
    expect(decodeBech32(value)).toBeDefined()
  })

  it.each([
    ['pzry9x0s0muk', 'no separator'],
    ['1pzry9x0s0muk', 'empty prefix'],
    ['x1b4n0q5v', 'invalid data character'],
    ['li1dgmt3', 'checksum too short'],
    ['A1G7SGD8', 'checksum computed over uppercase prefix'],
    ['a12UEL5L', 'mixed case'],
    ['abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxx', 'wrong checksum'],
  ])('rejects %s (%s)', (value) => {
    expect(decodeBech32(value)).toBeUndefined()
  })

  it('returns the same bytes as an independent implementation', () => {
    for (let length = 1; length <= 50; length++) {
      const data = Uint8Array.from(
        { length },
        (_, i) => (i * 97 + length) & 0xff,
      )
      for (const codec of [bech32, bech32m]) {
        const encoded = codec.encode('test', codec.toWords(data), 200)
        expect(decodeBech32(encoded, { maxLength: 200 })).toEqual({
          prefix: 'test',
          bytes: data,
        })
      }
    }
  })

  it('enforces the length limit', () => {
    const long = bech32.encode('addr', bech32.toWords(new Uint8Array(57)), 128)
    expect(long.length).toBeGreaterThan(90)
    expect(decodeBech32(long)).toBeUndefined()
    expect(decodeBech32(long, { maxLength: 128 })).toBeDefined()
  })
})
