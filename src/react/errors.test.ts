import { describe, expect, it } from 'vitest'
import { BaseError } from '../core/errors.js'
import { PasskeyWalletNotFoundError } from './errors.js'

describe('PasskeyWalletNotFoundError', () => {
  it('is a BaseError with its code and words', () => {
    const error = new PasskeyWalletNotFoundError()
    expect(error).toBeInstanceOf(BaseError)
    expect(error).toMatchObject({
      name: 'PasskeyWalletNotFoundError',
      code: 'passkey_wallet_not_found',
      shortMessage: 'No passkeyWallet connector in the wagmi config.',
    })
    expect(PasskeyWalletNotFoundError.code).toBe('passkey_wallet_not_found')
  })
})
