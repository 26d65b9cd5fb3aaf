import { describe, expect, it } from 'vitest'
import type { AuthProxyClient } from '../turnkey/createAuthProxyClient.js'
import {
  createAuthProxyCodeSender,
  readWalletKitConfig,
} from './codeSenders.js'

/*
 * A session the Auth Proxy opens is used only for the account the code was
 * for. The sandbox's proxy cannot be made to answer another organization's
 * session, so the proxy here is a stand-in with fixed answers.
 */

const jwt = (claims: Record<string, unknown>) =>
  ['{"alg":"ES256"}', JSON.stringify(claims), 'signature']
    .map((part) => Buffer.from(part).toString('base64url'))
    .join('.')

const account = '3d9e8f7a-6b5c-4d3e-8f1a-2b3c4d5e6f70'

function proxyAnswering(sessionOrganization: string): AuthProxyClient {
  const answers: Record<string, unknown> = {
    wallet_kit_config: { otpLength: '6', otpAlphanumeric: false },
    otp_init: { otpId: 'otp-1' },
    otp_verify: {
      verificationToken: jwt({
        id: 'token-1',
        verification_type: 'OTP_TYPE_EMAIL',
        contact: 'ada@example.com',
        organization_id: 'parent',
        public_key: '02ab',
        exp: String(Date.now() + 60_000),
      }),
    },
    account: { organizationId: account },
    otp_login: {
      session: jwt({
        exp: Math.floor(Date.now() / 1000) + 600,
        organization_id: sessionOrganization,
        user_id: 'user-1',
      }),
    },
  }
  return { post: async (endpoint) => answers[endpoint] as never }
}

describe('the Auth Proxy session', () => {
  it("is refused when it is for another organization than the code's account", async () => {
    const sender = createAuthProxyCodeSender({
      client: proxyAnswering('7b1c3a52-3f0e-4d1b-9a55-0c2f5b8e4a11'),
    })
    const code = await sender.send({ email: 'ada@example.com' } as never)
    await expect(code.open('123456')).rejects.toMatchObject({
      name: 'AuthProxyError',
      endpoint: 'otp_login',
      details: expect.stringContaining(`not the account ${account}`),
    })
  })

  it("is used when it is the code's account's", async () => {
    const sender = createAuthProxyCodeSender({
      client: proxyAnswering(account),
    })
    const code = await sender.send({ email: 'ada@example.com' } as never)
    const opened = await code.open('123456')
    expect(opened.publicKey).toMatch(/^0[23][0-9a-f]{64}$/)
  })
})

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
