import { describe, expect, it } from 'vitest'
import { readWalletKitConfig } from './readWalletKitConfig.js'

describe('readWalletKitConfig', () => {
  it('reads the code length (a string, as in the schema) and alphabet', () => {
    expect(
      readWalletKitConfig({ otpLength: '6', otpAlphanumeric: false }),
    ).toEqual({ length: 6, alphanumeric: false })
    expect(
      readWalletKitConfig({ otpLength: '9', otpAlphanumeric: true }),
    ).toEqual({ length: 9, alphanumeric: true })
  })

  it.each([
    ['no otpLength', {}],
    ['a length that is not a number', { otpLength: 'six' }],
    ['a fractional length', { otpLength: '6.5' }],
    [
      'an alphabet flag as a string',
      { otpLength: '6', otpAlphanumeric: 'yes' },
    ],
    ['JSON null', null],
  ])('refuses %s with auth_proxy_failed naming the endpoint', (_, answer) => {
    expect(() => readWalletKitConfig(answer)).toThrow(
      expect.objectContaining({
        name: 'AuthProxyError',
        code: 'auth_proxy_failed',
        endpoint: 'wallet_kit_config',
      }),
    )
  })
})
