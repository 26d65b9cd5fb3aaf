import { describe, expect, it } from 'vitest'
import * as injected from '../exports/injected.js'
import * as passkey from '../exports/passkey.js'
import * as react from '../exports/react.js'
import * as walletconnect from '../exports/walletconnect.js'

describe('receiptConfirmations', () => {
  it('is 3 blocks, from every browser subpath', () => {
    for (const subpath of [passkey, walletconnect, injected, react])
      expect(subpath.receiptConfirmations).toBe(3)
  })
})
