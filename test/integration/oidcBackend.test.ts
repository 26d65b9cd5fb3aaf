import { generateP256KeyPair, verifySessionJwtSignature } from '@turnkey/crypto'
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
} from 'vitest'
import {
  type IdentityProvider,
  startIdentityProvider,
} from '../../sandbox/oidc/startIdentityProvider.js'
import { startVendor, type Vendor } from '../../sandbox/turnkey/startVendor.js'
import {
  type CreatePasskeyBackendParameters,
  createPasskeyBackend,
  type OidcLogInRequest,
  type PasskeyBackend,
} from '../../src/exports/server.js'
import { jsonPost, sandboxBackendOptions } from '../helpers/hostBackend.js'
import {
  idTokenOf,
  jwtClaims,
  withClaims,
  withSignatureFlipped,
} from '../helpers/oidcSignIn.js'
import { resetVendor, vendorActivities } from '../helpers/sandboxSwitches.js'
import { backendClient, keyClient } from '../helpers/vendorUsers.js'

/*
 * The host backend's OIDC log-in route (wagmi-connector-pack/server) with
 * real ID tokens from the sandbox's identity provider, against a vendor
 * emulator that trusts it: the first log-in makes the person's account, the
 * next ones find it, and a token that fails a check is refused before the
 * vendor hears of it.
 */

let idp: IdentityProvider
/** Another provider, trusted by nobody here. */
let stranger: IdentityProvider
let vendor: Vendor
let sessionProfileId: string
let backend: PasskeyBackend
/** The vendor requests of `backend`, by path. */
const vendorRequests: string[] = []
const alice = '110000000000000000001'
const bob = '110000000000000000002'

/** The sandbox's backend with only Google (the IdP's Google preset) configured, and `options`. */
const backendWith = (options: Partial<CreatePasskeyBackendParameters> = {}) =>
  createPasskeyBackend({
    ...sandboxBackendOptions(vendor),
    appName: 'OIDC test',
    oidc: {
      providers: [{ issuer: idp.issuer, clientId: idp.clientIds.google }],
      sessionProfileId,
    },
    fetch: (input, init) => {
      vendorRequests.push(new URL(String(input)).pathname)
      return fetch(input, init)
    },
    ...options,
  })

beforeAll(async () => {
  ;[idp, stranger] = await Promise.all([
    startIdentityProvider(),
    startIdentityProvider(),
  ])
  vendor = await startVendor({ oidcIssuers: [idp.issuer] })
  ;({ sessionProfileId } = await createPasskeyBackend({
    ...sandboxBackendOptions(vendor),
    appName: 'OIDC test',
  }).createSessionProfile({ name: 'OIDC sessions' }))
  backend = backendWith()
})
afterAll(async () => {
  await vendor?.stop()
  await idp?.stop()
  await stranger?.stop()
})
beforeEach(async () => {
  // Accounts and spent tokens go; the parent's session profile stays.
  await resetVendor(vendor.url)
  vendorRequests.length = 0
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** A new session key, as the page makes one for each log-in. */
const newKey = () => generateP256KeyPair()

/** An ID token of `sub` from the Google preset (or `clientId`, `issuer`), bound to `publicKey`. */
const idToken = (
  sub: string,
  publicKey: string,
  options?: { clientId?: string; issuer?: string },
) => idTokenOf(idp, sub, publicKey, options)

/** What the page POSTs for `key`, signing up as `userName` with Google unless told otherwise. */
const logInBody = (
  oidcToken: string,
  publicKey: string,
  overrides: Partial<OidcLogInRequest> = {},
): OidcLogInRequest => ({
  oidcToken,
  publicKey,
  expirationSeconds: 900,
  invalidateExisting: false,
  signUp: { userName: 'Alice', providerName: 'Google' },
  ...overrides,
})

async function logIn(body: unknown, through: PasskeyBackend = backend) {
  const response = await through.oidcLogIn(jsonPost('/api/oidc-login', body))
  return { status: response.status, body: await response.json() }
}

/** Every sub-organization of the parent. */
const accounts = async () =>
  (
    await backendClient(vendor).getSubOrgIds({
      organizationId: vendor.parentOrganizationId,
    })
  ).organizationIds

const walletAddress = async (organizationId: string) =>
  (await backendClient(vendor).getWalletAccounts({ organizationId }))
    .accounts[0]!.address

describe('oidcLogIn: sign-up and log-in', () => {
  it("a first log-in with signUp makes the person's account (no passkey, no email, an Ethereum wallet) and logs the page's key in under the profile", async () => {
    const key = newKey()
    const token = await idToken(alice, key.publicKey)
    const { status, body } = await logIn(
      logInBody(token, key.publicKey, {
        signUp: { userName: '  Alice ', providerName: 'Google' },
      }),
    )
    expect(status, JSON.stringify(body)).toBe(200)
    expect(Object.keys(body).sort()).toEqual([
      'created',
      'session',
      'subOrganizationId',
    ])
    expect(body.created).toBe(true)
    const { subOrganizationId, session } = body
    expect(await accounts()).toEqual([subOrganizationId])

    // The vendor's session JWT, for this key, in this account, under the profile.
    expect(
      await verifySessionJwtSignature(session, vendor.notarizerPublicKey),
    ).toBe(true)
    const claims = jwtClaims(session)
    expect(claims).toMatchObject({
      public_key: key.publicKey,
      organization_id: subOrganizationId,
      session_profile_id: sessionProfileId,
    })
    const now = Math.floor(vendor.clock.now() / 1000)
    expect(claims.exp - now).toBeLessThanOrEqual(900)
    expect(claims.exp - now).toBeGreaterThan(890)
    // The key signs as the user now.
    expect(
      await keyClient(vendor, key.privateKey).getWhoami({
        organizationId: subOrganizationId,
      }),
    ).toMatchObject({ organizationId: subOrganizationId })

    // One root user who signs in with Google: no passkey, no API key of its
    // own, no email (the token's address is the provider's word).
    const { users } = await backendClient(vendor).getUsers({
      organizationId: subOrganizationId,
    })
    expect(users).toHaveLength(1)
    const [user] = users
    expect(user!.userName).toBe('Alice')
    expect(user!.userEmail ?? '').toBe('')
    expect(user!.authenticators).toEqual([])
    expect(user!.oauthProviders).toEqual([
      expect.objectContaining({
        providerName: 'Google',
        issuer: idp.issuer,
        audience: idp.clientIds.google,
        subject: alice,
      }),
    ])
    const { apiKeys } = await backendClient(vendor).getApiKeys({
      organizationId: subOrganizationId,
      userId: user!.userId,
    })
    expect(apiKeys.map((apiKey) => apiKey.credential)).toEqual([
      expect.objectContaining({ publicKey: key.publicKey, sessionProfileId }),
    ])
    expect(apiKeys[0]!.expirationSeconds).toBe('900')
    expect(await walletAddress(subOrganizationId)).toMatch(
      /^0x[0-9a-fA-F]{40}$/,
    )
    // The token checked here first; then the lookup, the account, the log-in.
    expect(vendorRequests).toEqual([
      '/public/v1/query/list_suborgs',
      '/public/v1/submit/create_sub_organization',
      '/public/v1/submit/oauth_login',
    ])
    const done = await vendorActivities(vendor.url)
    expect(done.map((activity) => activity.type)).toEqual([
      'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
      'ACTIVITY_TYPE_OAUTH_LOGIN',
    ])
    expect(done[0]!.intent.createSubOrganizationIntentV8).toMatchObject({
      subOrganizationName: 'passkeyWallet: Alice',
      rootQuorumThreshold: 1,
      disableEmailRecovery: true,
      disableEmailAuth: true,
      disableOtpEmailAuth: true,
    })
  })

  it('the next log-in, with a new token for a new key, finds the same account and wallet: created false, and no second account', async () => {
    const first = newKey()
    const signedUp = await logIn(
      logInBody(await idToken(alice, first.publicKey), first.publicKey),
    )
    expect(signedUp.status).toBe(200)
    const address = await walletAddress(signedUp.body.subOrganizationId)

    const next = newKey()
    // signUp is sent again, as a page that does not know: an account exists, so it logs in.
    const again = await logIn(
      logInBody(await idToken(alice, next.publicKey), next.publicKey, {
        invalidateExisting: true,
      }),
    )
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(again.body).toMatchObject({
      subOrganizationId: signedUp.body.subOrganizationId,
      created: false,
    })
    expect(jwtClaims(again.body.session).public_key).toBe(next.publicKey)
    expect(await walletAddress(again.body.subOrganizationId)).toBe(address)
    expect(await accounts()).toEqual([signedUp.body.subOrganizationId])
    // invalidateExisting ended the first key's session.
    const { users } = await backendClient(vendor).getUsers({
      organizationId: signedUp.body.subOrganizationId,
    })
    const { apiKeys } = await backendClient(vendor).getApiKeys({
      organizationId: signedUp.body.subOrganizationId,
      userId: users[0]!.userId,
    })
    expect(apiKeys.map((apiKey) => apiKey.credential.publicKey)).toEqual([
      next.publicKey,
    ])
    // Another person of the same provider gets an account of their own.
    const bobsKey = newKey()
    const bobs = await logIn(
      logInBody(await idToken(bob, bobsKey.publicKey), bobsKey.publicKey, {
        signUp: { userName: 'Bob', providerName: 'Google' },
      }),
    )
    expect(bobs.body.created).toBe(true)
    expect(bobs.body.subOrganizationId).not.toBe(
      signedUp.body.subOrganizationId,
    )
  })

  it('two first sign-ins of one person at once (two tabs) make one account, and both are logged in to it', async () => {
    const keys = [newKey(), newKey()]
    const bodies = await Promise.all(
      keys.map(async (key) =>
        logInBody(await idToken(alice, key.publicKey), key.publicKey),
      ),
    )
    const answers = await Promise.all(bodies.map((body) => logIn(body)))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect(answers.map((answer) => answer.body.created).sort()).toEqual([
      false,
      true,
    ])
    const [made] = await accounts()
    expect(await accounts()).toEqual([made])
    for (const [index, answer] of answers.entries()) {
      expect(answer.body.subOrganizationId).toBe(made)
      expect(jwtClaims(answer.body.session).public_key).toBe(
        keys[index]!.publicKey,
      )
    }
  })

  it('without signUp, a person with no account is told to sign up (404 no_account), and nothing is made', async () => {
    const key = newKey()
    const answer = await logIn(
      logInBody(await idToken(alice, key.publicKey), key.publicKey, {
        signUp: undefined,
      }),
    )
    expect(answer).toEqual({
      status: 404,
      body: {
        code: 'no_account',
        message:
          'No account signs in with this provider account: sign up (send `signUp` with a user name and the provider’s name).',
      },
    })
    expect(vendorRequests).toEqual(['/public/v1/query/list_suborgs'])
    expect(await accounts()).toEqual([])
    expect(await vendorActivities(vendor.url)).toEqual([])
  })

  it('a person with two accounts (made elsewhere on the parent) logs in to neither: 409 ambiguous_oidc_account, the ids in the log only', async () => {
    const key = newKey()
    const made: string[] = []
    for (const name of ['one', 'two'])
      made.push(
        (
          await backendClient(vendor).createSubOrganization({
            subOrganizationName: name,
            rootQuorumThreshold: 1,
            rootUsers: [
              {
                userName: name,
                apiKeys: [],
                authenticators: [],
                oauthProviders: [
                  {
                    providerName: 'Google',
                    oidcToken: await idToken(alice, key.publicKey),
                  },
                ],
              },
            ],
          })
        ).subOrganizationId,
      )
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const answer = await logIn(
      logInBody(await idToken(alice, key.publicKey), key.publicKey),
    )
    expect(answer.status).toBe(409)
    expect(answer.body.code).toBe('ambiguous_oidc_account')
    for (const id of made) {
      expect(JSON.stringify(answer.body)).not.toContain(id)
      expect(warned.mock.calls.join('\n')).toContain(id)
    }
    expect(vendorRequests).toEqual(['/public/v1/query/list_suborgs'])
  })
  it('a vendor failure is 502 vendor_error, its words in the log only; the account it made is found on the next try', async () => {
    const logged = vi
      .spyOn(console, 'error')
      .mockImplementation(() => undefined)
    // A profile the vendor does not have: oauth_login is refused after the sign-up.
    const misconfigured = backendWith({
      oidc: {
        providers: [{ issuer: idp.issuer, clientId: idp.clientIds.google }],
        sessionProfileId: crypto.randomUUID(),
      },
    })
    const key = newKey()
    const failed = await logIn(
      logInBody(await idToken(alice, key.publicKey), key.publicKey),
      misconfigured,
    )
    expect(failed).toEqual({
      status: 502,
      body: {
        code: 'vendor_error',
        message:
          'The wallet service did not complete the request. Try again in a moment.',
      },
    })
    expect(logged).toHaveBeenCalledWith(
      expect.stringMatching(
        /^\[wagmi-connector-pack\/server\] oidc-login: The vendor refused the request \(HTTP 404, code 5\): no session profile found/,
      ),
    )
    const [made] = await accounts()
    const next = newKey()
    const retried = await logIn(
      logInBody(await idToken(alice, next.publicKey), next.publicKey),
    )
    expect(retried.body).toMatchObject({
      subOrganizationId: made,
      created: false,
    })
  })
})

describe('oidcLogIn: tokens refused', () => {
  /** The answer to a sign-up with `token`: refused, and no vendor request, no account. */
  async function refusedBeforeTheVendor(token: string, publicKey: string) {
    const answer = await logIn(logInBody(token, publicKey))
    expect(answer.status, JSON.stringify(answer.body)).toBe(400)
    expect(answer.body.code).toBe('invalid_oidc_token')
    expect(vendorRequests).toEqual([])
    expect(await accounts()).toEqual([])
    return answer.body.message as string
  }

  it('a token issued for another key (its nonce)', async () => {
    const key = newKey()
    const token = await idToken(alice, newKey().publicKey)
    expect(await refusedBeforeTheVendor(token, key.publicKey)).toMatch(
      /issued for another key: its nonce is not the SHA-256 of `publicKey`/,
    )
  })

  it('a token for another client of the same provider (aud): the Apple preset when only Google is configured', async () => {
    const key = newKey()
    const token = await idToken(alice, key.publicKey, {
      clientId: idp.clientIds.apple,
    })
    expect(await refusedBeforeTheVendor(token, key.publicKey)).toBe(
      `The ID token is not for this app: its audience (aud) is not a client id configured for ${idp.issuer} (${idp.clientIds.google}).`,
    )
  })

  it('a token of an issuer not configured (a real provider, its signature good)', async () => {
    const key = newKey()
    const token = await idToken(alice, key.publicKey, {
      issuer: stranger.issuer,
    })
    expect(await refusedBeforeTheVendor(token, key.publicKey)).toBe(
      `The ID token's issuer (iss) "${stranger.issuer}" is not a provider this app accepts (${idp.issuer}).`,
    )
  })

  it('a token whose signature or claims were changed', async () => {
    const key = newKey()
    const token = await idToken(alice, key.publicKey)
    expect(
      await refusedBeforeTheVendor(withSignatureFlipped(token), key.publicKey),
    ).toBe(
      "The ID token's signature is not its issuer's: sign in with the provider again.",
    )
    expect(
      await refusedBeforeTheVendor(
        withClaims(token, { sub: bob }),
        key.publicKey,
      ),
    ).toMatch(/signature is not its issuer's/)
  })

  it('an expired token (this server an hour and a minute later)', async () => {
    const key = newKey()
    const token = await idToken(alice, key.publicKey)
    // The server's clock only: the token's hour has passed for the check.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 3660_000)
    expect(await refusedBeforeTheVendor(token, key.publicKey)).toBe(
      'The ID token has expired (exp): sign in with the provider again.',
    )
  })

  it('a token used once already: the vendor refuses its second log-in, and no second key is logged in', async () => {
    const key = newKey()
    const body = logInBody(await idToken(alice, key.publicKey), key.publicKey)
    const first = await logIn(body)
    expect(first.status).toBe(200)
    const replayed = await logIn(body)
    expect(replayed).toEqual({
      status: 400,
      body: {
        code: 'invalid_oidc_token',
        message:
          'The wallet service has already used this ID token to log in: sign in with the provider again.',
      },
    })
    expect(await accounts()).toEqual([first.body.subOrganizationId])
    expect(
      (await vendorActivities(vendor.url, 'ACTIVITY_TYPE_OAUTH_LOGIN')).map(
        (activity) => activity.status,
      ),
    ).toEqual(['ACTIVITY_STATUS_COMPLETED'])
  })

  it('a provider whose keys cannot be read: 502 oidc_provider_unavailable, the reason in the log', async () => {
    const gone = await startIdentityProvider()
    const key = newKey()
    const token = await idToken(alice, key.publicKey, { issuer: gone.issuer })
    await gone.stop()
    const logged = vi
      .spyOn(console, 'error')
      .mockImplementation(() => undefined)
    const answer = await logIn(
      logInBody(token, key.publicKey),
      backendWith({
        oidc: {
          providers: [{ issuer: gone.issuer, clientId: idp.clientIds.google }],
          sessionProfileId,
        },
      }),
    )
    expect(answer).toEqual({
      status: 502,
      body: {
        code: 'oidc_provider_unavailable',
        message:
          'The sign-in provider could not be reached to check the ID token. Try again in a moment.',
      },
    })
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining(
        `[wagmi-connector-pack/server] oidc-login: The OIDC provider ${gone.issuer} could not be read. Its discovery document (${gone.issuer}/.well-known/openid-configuration) could not be read: fetch failed.`,
      ),
    )
    expect(vendorRequests).toEqual([])
  })
})

describe('oidcLogIn: requests refused', () => {
  const cases: [string, (body: OidcLogInRequest) => unknown, string][] = [
    ['an array', () => [], 'invalid_body'],
    [
      'an unknown field',
      (body) => ({ ...body, email: 'a@example.com' }),
      'unknown_field',
    ],
    [
      'a token that is no JWT',
      (body) => ({ ...body, oidcToken: 'not-a-jwt' }),
      'invalid_oidc_token',
    ],
    [
      'a token over 8 KiB',
      (body) => ({
        ...body,
        oidcToken: `${'a'.repeat(4096)}.${'b'.repeat(4096)}.c`,
      }),
      'invalid_oidc_token',
    ],
    [
      'an uncompressed key',
      (body) => ({
        ...body,
        publicKey: generateP256KeyPair().publicKeyUncompressed,
      }),
      'invalid_public_key',
    ],
    [
      'a key off the curve',
      (body) => ({ ...body, publicKey: `02${'11'.repeat(32)}` }),
      'invalid_public_key',
    ],
    [
      'a session under 30 s',
      (body) => ({ ...body, expirationSeconds: 29 }),
      'invalid_expiration_seconds',
    ],
    [
      'a session over 7 days',
      (body) => ({ ...body, expirationSeconds: 604_801 }),
      'invalid_expiration_seconds',
    ],
    [
      'seconds as a string',
      (body) => ({ ...body, expirationSeconds: '900' }),
      'invalid_expiration_seconds',
    ],
    [
      'invalidateExisting missing',
      ({ invalidateExisting: _, ...body }) => body,
      'invalid_invalidate_existing',
    ],
    [
      'signUp not an object',
      (body) => ({ ...body, signUp: 'Alice' }),
      'invalid_sign_up',
    ],
    [
      'a blank user name',
      (body) => ({ ...body, signUp: { userName: '  ', providerName: 'G' } }),
      'invalid_user_name',
    ],
    [
      'a provider name over 64 characters',
      (body) => ({
        ...body,
        signUp: { userName: 'Alice', providerName: 'G'.repeat(65) },
      }),
      'invalid_provider_name',
    ],
  ]
  it.each(cases.map(([name, change, code]) => ({ name, change, code })))(
    '$name: 400 $code, before any vendor request',
    async ({ change, code }) => {
      const key = newKey()
      // A well-formed token that was never issued: the body is refused before it is looked at.
      const body = logInBody('eyJh.eyJp.c2ln', key.publicKey)
      const answer = await logIn(change(body))
      expect(answer.status).toBe(400)
      expect(answer.body.code).toBe(code)
      expect(answer.body.message).toMatch(/`|body/)
      expect(vendorRequests).toEqual([])
    },
  )

  it('authorize runs first, with the route and the parsed body: false is 403, and neither the provider nor the vendor is asked', async () => {
    const seen: unknown[] = []
    const gated = backendWith({
      authorize: (_request, body, route) => {
        seen.push([route, body])
        return false
      },
    })
    const key = newKey()
    const body = logInBody(await idToken(alice, key.publicKey), key.publicKey)
    expect(await logIn(body, gated)).toEqual({
      status: 403,
      body: {
        code: 'forbidden',
        message: 'This request was refused by the app.',
      },
    })
    expect(seen).toEqual([['oidc-login', body]])
    expect(vendorRequests).toEqual([])
    // The token is still good: the gate spent nothing.
    expect((await logIn(body)).status).toBe(200)
  })

  it('fetch routes …/oidc-login to it; without the oidc option the route is one that does not exist', async () => {
    const key = newKey()
    const routed = await backend.fetch(
      jsonPost(
        '/api/oidc-login/',
        logInBody(await idToken(alice, key.publicKey), key.publicKey),
      ),
    )
    expect(routed.status).toBe(200)

    const without = backendWith({ oidc: undefined })
    const unknown = await without.fetch(jsonPost('/api/elsewhere', {}))
    const direct = await without.oidcLogIn(jsonPost('/api/oidc-login', {}))
    const routedWithout = await without.fetch(
      jsonPost('/api/oidc-login', { anything: true }),
    )
    const expected = await unknown.text()
    expect(unknown.status).toBe(404)
    expect(JSON.parse(expected)).toMatchObject({ code: 'not_found' })
    for (const answer of [direct, routedWithout]) {
      expect(answer.status).toBe(404)
      expect(await answer.text()).toBe(expected)
    }
  })
})

describe('oidcLogIn: a one-time key that adds a passkey', () => {
  it('logs the key in under no profile, for minutes, to an account that exists; never with signUp', async () => {
    const first = newKey()
    const { body: made } = await logIn(
      logInBody(await idToken(alice, first.publicKey), first.publicKey),
    )
    const key = newKey()
    const { status, body } = await logIn(
      logInBody(await idToken(alice, key.publicKey), key.publicKey, {
        purpose: 'add-passkey',
        signUp: undefined,
        expirationSeconds: 300,
      }),
    )
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body).toMatchObject({
      subOrganizationId: made.subOrganizationId,
      created: false,
    })
    const claims = jwtClaims(body.session)
    expect(claims.public_key).toBe(key.publicKey)
    expect(claims.session_profile_id).toBeUndefined()
    expect(
      claims.exp - Math.floor(vendor.clock.now() / 1000),
    ).toBeLessThanOrEqual(300)

    // Never an account made for it, nor a long key.
    const stranger = newKey()
    expect(
      await logIn(
        logInBody(await idToken(bob, stranger.publicKey), stranger.publicKey, {
          purpose: 'add-passkey',
          signUp: undefined,
          expirationSeconds: 300,
        }),
      ),
    ).toMatchObject({ status: 404, body: { code: 'no_account' } })
    for (const overrides of [
      { purpose: 'add-passkey' as const, expirationSeconds: 300 },
      { purpose: 'add-passkey' as const, signUp: undefined },
      { purpose: 'export' as never },
    ])
      expect(
        await logIn(logInBody('a.b.c', key.publicKey, overrides)),
      ).toMatchObject({ status: 400, body: { code: 'invalid_purpose' } })
  })
})
