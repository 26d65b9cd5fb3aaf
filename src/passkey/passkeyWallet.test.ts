import { describe, expect, it } from 'vitest'
import { createPasskey } from './createPasskey.js'
import {
  InvalidPasskeyWalletParameterError,
  PasskeyError,
  WebauthnNotSupportedError,
} from './errors.js'
import { type PasskeyWalletParameters, passkeyWallet } from './passkeyWallet.js'

const valid: PasskeyWalletParameters = {
  organizationId: '5f0c8a3e-1b2d-4c6e-9f70-123456789abc',
  createAccount: async () => ({
    subOrganizationId: '5f0c8a3e-1b2d-4c6e-9f70-123456789abd',
  }),
}

describe('passkeyWallet options', () => {
  it('accepts the minimal options and names itself for wagmi', () => {
    expect(typeof passkeyWallet(valid)).toBe('function')
    expect(passkeyWallet.type).toBe('passkeyWallet')
  })

  it.each([
    [
      'organizationId',
      { organizationId: 'org-1' },
      /invalid `organizationId`: expected the vendor organization id, a UUID/,
    ],
    [
      'apiBaseUrl',
      { apiBaseUrl: 'api.turnkey.com' },
      /invalid `apiBaseUrl`: expected an http\(s\) URL/,
    ],
    [
      'rpId',
      { rpId: 'https://example.com' },
      /invalid `rpId`: expected a hostname/,
    ],
    ['rpId', { rpId: '10.0.0.1' }, /invalid `rpId`/],
    [
      'createAccount',
      { createAccount: undefined },
      /invalid `createAccount`: expected a function/,
    ],
    [
      'session.expirationSeconds',
      { session: { expirationSeconds: 10 } },
      /from 30 to 604800/,
    ],
    [
      'session.expirationSeconds',
      { session: { expirationSeconds: 90.5 } },
      /whole seconds/,
    ],
  ])('fails fast on a bad %s', (_, override, message) => {
    expect(() =>
      passkeyWallet({ ...valid, ...override } as PasskeyWalletParameters),
    ).toThrow(InvalidPasskeyWalletParameterError)
    expect(() =>
      passkeyWallet({ ...valid, ...override } as PasskeyWalletParameters),
    ).toThrow(message)
  })
})

describe('createPasskey', () => {
  it.each([0, 65])(
    'refuses a user id of %i bytes before any prompt',
    async (length) => {
      const attempt = createPasskey({
        rpId: 'localhost',
        rpName: 'Test',
        userName: 'ada',
        userId: new Uint8Array(length),
      })
      await expect(attempt).rejects.toThrow(PasskeyError)
      await expect(attempt).rejects.toMatchObject({
        code: 'ERROR_INVALID_USER_ID_LENGTH',
      })
    },
  )

  it('says so where the browser has no WebAuthn', async () => {
    // happy-dom, like a server or an old browser, has no PublicKeyCredential.
    await expect(
      createPasskey({ rpId: 'localhost', rpName: 'Test', userName: 'ada' }),
    ).rejects.toThrow(new WebauthnNotSupportedError().shortMessage)
  })
})
