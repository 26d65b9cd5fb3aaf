// @vitest-environment happy-dom
import { expect } from 'vitest'
import { createPasskey } from '../../../src/passkey/passkeyCeremonies.js'
import { isValidRpId } from '../../../src/passkey/passkeyParameters.js'
import { passkeyWallet } from '../../../src/passkey/passkeyWallet.js'
import { bad, type Case, runCases } from '../../helpers/badInputCases.js'
import {
  connectCreated,
  hostConfig,
  passkeyConnector,
  stubWebauthn,
  validPasskey,
} from '../../helpers/badInputFixtures.js'

// Bad input to passkeyWallet: its options, rp ids, passkey user names and ids.

/** A passkeyWallet option that connect() must refuse with its typed error. */
function badPasskeyOption(
  name: string,
  input: Record<string, unknown>,
  expected: { message: string } | { messageIncludes: string },
): Case {
  return bad({
    source: 'passkeyWallet options',
    name,
    input,
    run: (options) =>
      connectCreated(() => passkeyWallet({ ...validPasskey, ...options })),
    expected: { throws: 'InvalidPasskeyWalletParameterError', ...expected },
  })
}

let webauthn: ReturnType<typeof stubWebauthn> | undefined

/** A passkey sign-up on a page with WebAuthn, where the browser refuses a nameless user. */
async function signUpAs(userName: unknown) {
  webauthn = stubWebauthn(() =>
    Promise.reject(
      new TypeError(
        "Failed to execute 'create' on 'CredentialsContainer': required member name is undefined.",
      ),
    ),
  )
  return passkeyConnector().connect({ signUp: { userName } } as never)
}

const cases: Case[] = [
  // --- passkeyWallet(options) -------------------------------------------
  bad({
    source: 'passkeyWallet options',
    name: 'no options at all',
    input: undefined,
    run: (input) => connectCreated(() => passkeyWallet(input as never)),
    expected: {
      throws: 'InvalidPasskeyWalletParameterError',
      message:
        'passkeyWallet: invalid `organizationId`: expected the vendor organization id, a UUID.',
    },
  }),
  badPasskeyOption(
    'emailCode with send only (no verify)',
    { emailCode: { send: async () => ({}) } },
    { messageIncludes: '`emailCode`' },
  ),
  badPasskeyOption(
    'an organization name instead of its UUID',
    { organizationId: 'acme-production' },
    {
      message:
        'passkeyWallet: invalid `organizationId`: expected the vendor organization id, a UUID.',
    },
  ),
  badPasskeyOption(
    'a vendor API given as a URL object, not its string',
    { apiBaseUrl: new URL('https://api.turnkey.com') },
    {
      message:
        'passkeyWallet: invalid `apiBaseUrl`: expected an https:// URL (http:// only on localhost or 127.0.0.1).',
    },
  ),
  badPasskeyOption(
    'a vendor API on plain http:// off this machine (stamps readable on the way)',
    { apiBaseUrl: 'http://api.vendor.example' },
    {
      message:
        'passkeyWallet: invalid `apiBaseUrl`: expected an https:// URL (http:// only on localhost or 127.0.0.1).',
    },
  ),
  badPasskeyOption(
    'a vendor API on ftp://',
    { apiBaseUrl: 'ftp://api.vendor.example' },
    {
      message:
        'passkeyWallet: invalid `apiBaseUrl`: expected an https:// URL (http:// only on localhost or 127.0.0.1).',
    },
  ),
  bad({
    source: 'passkeyWallet options',
    name: 'createAccount given as a backend URL instead of a function',
    input: { createAccount: 'https://backend.example/create-account' },
    run: (input) =>
      connectCreated(() =>
        passkeyWallet({ ...validPasskey, ...input } as never),
      ),
    expected: {
      throws: 'InvalidPasskeyWalletParameterError',
      message:
        'passkeyWallet: invalid `createAccount`: expected a function that calls your backend (or `authProxy: { configId }`, to use the vendor’s Auth Proxy).',
    },
  }),
  bad({
    source: 'passkeyWallet options',
    name: 'session length as a string from an env variable',
    input: { session: { expirationSeconds: '900' } },
    run: (input) =>
      connectCreated(() =>
        passkeyWallet({ ...validPasskey, ...input } as never),
      ),
    expected: {
      throws: 'InvalidPasskeyWalletParameterError',
      message:
        'passkeyWallet: invalid `session.expirationSeconds`: expected whole seconds from 30 to 86400 (a day; up to 604800 with `allowLong: true`), or `session: false`.',
    },
  }),
  badPasskeyOption(
    'an endless session',
    { session: { expirationSeconds: Number.POSITIVE_INFINITY } },
    { messageIncludes: '`session.expirationSeconds`' },
  ),
  bad({
    source: 'passkeyWallet options',
    name: 'recovery without its start call',
    input: { recovery: {} },
    run: (input) =>
      connectCreated(() =>
        passkeyWallet({ ...validPasskey, ...input } as never),
      ),
    expected: {
      throws: 'InvalidPasskeyWalletParameterError',
      message:
        'passkeyWallet: invalid `recovery.start`: expected a function that calls your backend (or `authProxy: { configId }`, to use the vendor’s Auth Proxy).',
    },
  }),
  bad({
    source: 'passkeyWallet options',
    name: 'a recovery session longer than the 1800 s allowed',
    input: {
      recovery: {
        start: async () => Response.json({}),
        sessionExpirationSeconds: 3600,
      },
    },
    run: (input) =>
      connectCreated(() => passkeyWallet({ ...validPasskey, ...input })),
    expected: {
      throws: 'InvalidPasskeyWalletParameterError',
      message:
        'passkeyWallet: invalid `recovery.sessionExpirationSeconds`: expected whole seconds from 60 to 1800.',
    },
  }),
  bad({
    source: 'passkeyWallet options',
    name: 'neither createAccount nor authProxy: no way to sign up',
    input: { organizationId: validPasskey.organizationId },
    run: (input) => connectCreated(() => passkeyWallet(input as never)),
    expected: {
      throws: 'InvalidPasskeyWalletParameterError',
      messageIncludes: '`createAccount`',
    },
  }),
  bad({
    source: 'passkeyWallet options',
    name: 'authProxy without its config id',
    input: { authProxy: {} },
    run: (input) =>
      connectCreated(() =>
        passkeyWallet({ ...validPasskey, ...input } as never),
      ),
    expected: {
      throws: 'InvalidPasskeyWalletParameterError',
      message:
        'passkeyWallet: invalid `authProxy.configId`: expected the Auth Proxy config id, a UUID.',
    },
  }),
  badPasskeyOption(
    'authProxy config id that is the app name, not its UUID',
    { authProxy: { configId: 'my-app' } },
    { messageIncludes: '`authProxy.configId`' },
  ),
  badPasskeyOption(
    'authProxy given as the config id string itself',
    { authProxy: '0b9e4c52-4b4f-4c0a-9d3e-6c1f4f5a2b11' },
    {
      message:
        'passkeyWallet: invalid `authProxy`: expected `{ configId, url?, timeoutMs? }`.',
    },
  ),
  badPasskeyOption(
    'an Auth Proxy on plain http:// of another host',
    {
      authProxy: {
        configId: '0b9e4c52-4b4f-4c0a-9d3e-6c1f4f5a2b11',
        url: 'http://authproxy.example.com',
      },
    },
    {
      message:
        'passkeyWallet: invalid `authProxy.url`: expected an https:// URL (http:// only on localhost or 127.0.0.1), such as https://authproxy.turnkey.com.',
    },
  ),
  badPasskeyOption(
    'an Auth Proxy timeout in seconds instead of milliseconds',
    {
      authProxy: {
        configId: '0b9e4c52-4b4f-4c0a-9d3e-6c1f4f5a2b11',
        timeoutMs: 10,
      },
    },
    {
      message:
        'passkeyWallet: invalid `authProxy.timeoutMs`: expected whole milliseconds from 1000 to 60000.',
    },
  ),
  bad({
    source: 'passkeyWallet options',
    name: 'authProxy alone: sign-up and recovery go to the proxy',
    input: {
      organizationId: validPasskey.organizationId,
      authProxy: { configId: '0b9e4c52-4b4f-4c0a-9d3e-6c1f4f5a2b11' },
      recovery: { sessionExpirationSeconds: 600 },
    },
    run: (input) =>
      (
        hostConfig([passkeyWallet(input as never)])
          .connectors[0] as unknown as {
          getRecovery(): Promise<{
            getSnapshot(): { step: string; types: readonly string[] }
          }>
        }
      ).getRecovery(),
    expected: {
      ignored:
        'accepted: createAccount and recovery.start are optional; recovery is by the proxy’s emailed code',
      check: (flow) =>
        expect(flow.getSnapshot()).toMatchObject({
          step: 'idle',
          types: ['email'],
        }),
    },
  }),
  badPasskeyOption(
    'an export frame on plain http:// of another host',
    { exportFrameUrl: 'http://frame.example.com/export' },
    {
      message:
        'passkeyWallet: invalid `exportFrameUrl`: expected an https:// URL (http:// only on localhost or 127.0.0.1).',
    },
  ),
  badPasskeyOption(
    'an export frame at a javascript: URL',
    { exportFrameUrl: 'javascript:alert(document.cookie)' },
    { messageIncludes: '`exportFrameUrl`' },
  ),
  badPasskeyOption(
    'an export frame URL carrying credentials',
    { exportFrameUrl: 'https://admin:hunter2@frame.example.com/' },
    { messageIncludes: '`exportFrameUrl`' },
  ),

  // --- passkey rp ids ---------------------------------------------------
  ...(
    [
      ['an origin instead of a hostname', 'https://example.com'],
      ['a hostname with a port', 'example.com:8443'],
      ['an IPv4 address', '192.168.1.10'],
      ['a trailing dot', 'example.com.'],
      ['an empty string', ''],
      ['a space inside', 'ex ample.com'],
      ['a Unicode hostname (not punycode)', 'bücher.example'],
      ['a label starting with "-"', '-shop.example.com'],
      ['a name longer than 253 characters', `${'a'.repeat(63)}.`.repeat(4)],
      ['a number', 42],
    ] as const
  ).map(([name, rpId]) =>
    bad({
      source: 'passkey rp ids',
      name,
      input: rpId,
      run: (input) => {
        // The pure check agrees with the option's validation.
        expect(isValidRpId(input)).toBe(false)
        return connectCreated(() =>
          passkeyWallet({ ...validPasskey, rpId: input as string }),
        )
      },
      expected: {
        throws: 'InvalidPasskeyWalletParameterError',
        message:
          'passkeyWallet: invalid `rpId`: expected a hostname such as "example.com", or "localhost".',
      },
    }),
  ),

  // --- passkey user names and ids ----------------------------------------
  bad({
    source: 'passkey user names and ids',
    name: 'an empty passkey user id',
    input: new Uint8Array(0),
    run: (userId) =>
      createPasskey({
        rpId: 'example.com',
        rpName: 'Example',
        userName: 'alice',
        userId,
      }),
    expected: {
      throws: 'PasskeyError',
      message: 'The passkey user id must be 1 to 64 bytes, got 0.',
      also: (error) => expect(error.code).toBe('ERROR_INVALID_USER_ID_LENGTH'),
    },
  }),
  bad({
    source: 'passkey user names and ids',
    name: 'a passkey user id of 65 bytes',
    input: new Uint8Array(65),
    run: (userId) =>
      createPasskey({
        rpId: 'example.com',
        rpName: 'Example',
        userName: 'alice',
        userId,
      }),
    expected: {
      throws: 'PasskeyError',
      message: 'The passkey user id must be 1 to 64 bytes, got 65.',
      also: (error) => expect(error.code).toBe('ERROR_INVALID_USER_ID_LENGTH'),
    },
  }),
  bad({
    source: 'passkey user names and ids',
    name: 'sign-up without a user name (a form field missing)',
    input: undefined,
    run: (userName) => signUpAs(userName),
    expected: {
      throws: 'InvalidPasskeyWalletParameterError',
      messageIncludes: 'userName',
      // Refused before the passkey prompt.
      also: () => expect(webauthn!.create).not.toHaveBeenCalled(),
    },
  }),
  bad({
    source: 'passkey user names and ids',
    name: 'sign-up with an email whose code was never confirmed on this page',
    input: 'victim@example.com',
    run: (email) => {
      webauthn = stubWebauthn(() => Promise.reject(new Error('prompted')))
      return passkeyConnector().connect({
        signUp: { userName: 'eve', email },
      } as never)
    },
    expected: {
      throws: 'EmailNotVerifiedError',
      message: 'Confirm your email with the code we sent before signing up.',
      // Refused before the passkey prompt.
      also: () => expect(webauthn!.create).not.toHaveBeenCalled(),
    },
  }),
  bad({
    source: 'passkey user names and ids',
    name: 'sign-up with a blank user name',
    input: '   ',
    run: (userName) => signUpAs(userName),
    expected: {
      throws: 'InvalidPasskeyWalletParameterError',
      messageIncludes: 'userName',
      // Refused before the passkey prompt.
      also: () => expect(webauthn!.create).not.toHaveBeenCalled(),
    },
  }),
]

runCases(cases)
