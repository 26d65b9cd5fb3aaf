import { base58 } from '@scure/base'
import { describe, expect, it } from 'vitest'
import { decodeBase58 } from './decodeBase58.js'

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
