import { UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { SwitchChainRejectedError } from './chain.js'
import { ConnectionRejectedError } from './connection.js'
import {
  asSwitchRejection,
  isWalletRejection,
  userRejection,
} from './userRejection.js'

describe('userRejection', () => {
  it("is viem's 4001 in the pack error's words, with the pack error as its cause", () => {
    const refused = new ConnectionRejectedError()
    const rejection = userRejection(refused)
    expect(rejection).toBeInstanceOf(UserRejectedRequestError)
    expect(rejection.code).toBe(4001)
    expect(rejection.shortMessage).toBe(
      'Connection rejected. Please try again.',
    )
    expect(rejection.message.split('\n')[0]).toBe(
      'Connection rejected. Please try again.',
    )
    expect(rejection.cause).toBe(refused)
    expect(
      rejection.walk(
        (e) => (e as { code?: unknown }).code === 'connection_rejected',
      ),
    ).toBe(refused)
  })

  it("recognises a wallet's refusal by EIP-1193's 4001 or WalletConnect's 5000, nested too", () => {
    expect(isWalletRejection({ code: 4001, message: 'no' })).toBe(true)
    expect(isWalletRejection({ code: 5000, message: 'User rejected.' })).toBe(
      true,
    )
    expect(
      isWalletRejection({
        code: -32603,
        data: { originalError: { code: 4001 } },
      }),
    ).toBe(true)
    expect(isWalletRejection({ code: 4902 })).toBe(false)
    expect(isWalletRejection(new Error('plain'))).toBe(false)
  })

  it('turns a refused switch into a user rejection, and leaves other errors as they came', () => {
    const refused = asSwitchRejection({ code: 4001, message: 'no' }, 8453)
    expect(refused).toBeInstanceOf(UserRejectedRequestError)
    expect((refused as UserRejectedRequestError).cause).toBeInstanceOf(
      SwitchChainRejectedError,
    )
    const other = { code: 4902, message: 'unknown chain' }
    expect(asSwitchRejection(other, 8453)).toBe(other)
  })
})
