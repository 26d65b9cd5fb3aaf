import { generateP256KeyPair, verifySessionJwtSignature } from '@turnkey/crypto'
import { TurnkeyClient } from '@turnkey/http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type IdentityProvider,
  startIdentityProvider,
} from '../../sandbox/oidc/startIdentityProvider.js'
import { startAuthProxy } from '../../sandbox/turnkey/authProxy/startAuthProxy.js'
import { startVendor, type Vendor } from '../../sandbox/turnkey/startVendor.js'
import { postToProxy } from '../helpers/authProxyUsers.js'
import {
  idTokenOf,
  jwtClaims,
  oauthNonce,
  withClaims,
  withSignatureFlipped,
} from '../helpers/oidcSignIn.js'
import { advanceClock } from '../helpers/sandboxSwitches.js'
import { SoftwareAuthenticator } from '../helpers/softwareAuthenticator.js'
import {
  activityBody,
  backendClient,
  keyClient,
  parentStamper,
  postStamped,
  vendorRefusal,
} from '../helpers/vendorUsers.js'

/*
 * Social login against the vendor emulator with real ID tokens: the sandbox's
 * identity provider signs a person in by the authorization code flow with
 * PKCE, and the emulator verifies each token as the vendor documents it
 * (issuer's keys, iss, aud, exp, nonce = sha256 of the key logging in).
 */

let idp: IdentityProvider
/** Trusts `idp`. */
let vendor: Vendor
// Two of the test identities the sign-in page lists.
const alice = { sub: '110000000000000000001' }
const bob = { sub: '110000000000000000002' }

beforeAll(async () => {
  idp = await startIdentityProvider()
  vendor = await startVendor({ oidcIssuers: [idp.issuer] })
})
afterAll(async () => {
  await vendor?.stop()
  await idp?.stop()
})

/** An ID token of `sub` from the Google preset (or `clientId`, `issuer`), bound to `publicKey`. */
const idToken = (
  sub: string,
  publicKey: string,
  options?: { clientId?: string; issuer?: string },
) => idTokenOf(idp, sub, publicKey, options)

/** A sub-organization whose root user signs in with Google: registered from a token, as the vendor's sign-up does. */
async function signUpWithGoogle(target: Vendor, name: string, token: string) {
  const result = await backendClient(target).createSubOrganization({
    subOrganizationName: `${name}'s organization`,
    rootQuorumThreshold: 1,
    rootUsers: [
      {
        userName: name,
        apiKeys: [],
        authenticators: [new SoftwareAuthenticator().register()],
        oauthProviders: [{ providerName: 'Google', oidcToken: token }],
      },
    ],
  })
  return {
    organizationId: result.subOrganizationId,
    userId: result.rootUserIds![0]!,
  }
}

/** `oauth_login` on `organizationId` as the host backend sends it: its status and body. */
function oauthLogin(
  target: Vendor,
  organizationId: string,
  parameters: Record<string, unknown>,
) {
  return postStamped(
    target,
    'submit/oauth_login',
    activityBody(
      'ACTIVITY_TYPE_OAUTH_LOGIN',
      organizationId,
      parameters,
      target.clock.now(),
    ),
    parentStamper(target),
  )
}

const refusedToken = (reason: string) =>
  vendorRefusal(400, 3, `invalid OIDC token: ${reason}`)

describe('the identity provider', () => {
  it('publishes discovery and keys, and issues RS256 ID tokens with the nonce, email and the client as audience', async () => {
    const discovery = await (
      await fetch(`${idp.issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(10_000),
      })
    ).json()
    expect(discovery).toMatchObject({
      issuer: idp.issuer,
      response_types_supported: ['code', 'id_token', 'code id_token'],
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['RS256'],
    })
    const { keys } = await (
      await fetch(discovery.jwks_uri, { signal: AbortSignal.timeout(10_000) })
    ).json()
    expect(keys).toEqual([
      expect.objectContaining({ kty: 'RSA', alg: 'RS256', use: 'sig' }),
    ])
    // No private part is published.
    expect(keys[0]).not.toHaveProperty('d')

    const key = generateP256KeyPair()
    const token = await idToken(alice.sub, key.publicKey, {
      clientId: idp.clientIds.apple,
    })
    const header = JSON.parse(
      Buffer.from(token.split('.')[0]!, 'base64url').toString(),
    )
    expect(header).toMatchObject({ alg: 'RS256', kid: keys[0].kid })
    const claims = jwtClaims(token)
    expect(claims).toMatchObject({
      iss: idp.issuer,
      aud: idp.clientIds.apple,
      sub: alice.sub,
      email: 'alice@example.com',
      email_verified: true,
      nonce: oauthNonce(key.publicKey),
    })
    expect(claims.exp - claims.iat).toBe(3600)
  })

  it('refuses a code request without PKCE and a redirect URI off the list and off localhost', async () => {
    const authorize = (params: Record<string, string>) =>
      fetch(
        `${idp.issuer}/auth?${new URLSearchParams({
          client_id: idp.clientIds.google,
          response_type: 'code',
          scope: 'openid',
          nonce: 'n',
          ...params,
        })}`,
        { redirect: 'manual', signal: AbortSignal.timeout(10_000) },
      )
    const withoutPkce = await authorize({
      redirect_uri: 'http://localhost:5173/oidc/callback',
    })
    // The error goes back to the (allowed) redirect URI.
    const back = new URL(withoutPkce.headers.get('location')!)
    expect(back.origin).toBe('http://localhost:5173')
    expect(back.searchParams.get('error')).toBe('invalid_request')
    expect(back.searchParams.get('error_description')).toMatch(/PKCE/)
    const elsewhere = await authorize({
      redirect_uri: 'https://attacker.example/callback',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    })
    // Never redirected to an unknown page: an error page on the provider.
    expect(elsewhere.status).toBe(400)
    expect(elsewhere.headers.get('location')).toBeNull()
    expect(await elsewhere.text()).toMatch(/redirect_uri/)
  })
})

describe('oauth_login on the vendor emulator', () => {
  it('logs in the key the token was issued for, with a session on the user the provider names', async () => {
    const key = generateP256KeyPair()
    const token = await idToken(alice.sub, key.publicKey)
    const user = await signUpWithGoogle(vendor, 'alice', token)
    const { oauthProviders } = await backendClient(vendor).getOauthProviders({
      organizationId: user.organizationId,
      userId: user.userId,
    })
    expect(oauthProviders).toEqual([
      expect.objectContaining({
        providerName: 'Google',
        issuer: idp.issuer,
        audience: idp.clientIds.google,
        subject: alice.sub,
      }),
    ])

    const { session } = await backendClient(vendor).oauthLogin({
      organizationId: user.organizationId,
      oidcToken: token,
      publicKey: key.publicKey,
    })
    expect(
      await verifySessionJwtSignature(session, vendor.notarizerPublicKey),
    ).toBe(true)
    expect(jwtClaims(session)).toMatchObject({
      public_key: key.publicKey,
      user_id: user.userId,
      organization_id: user.organizationId,
    })
    // The key now signs as the user.
    const me = await keyClient(vendor, key.privateKey).getWhoami({
      organizationId: user.organizationId,
    })
    expect(me).toMatchObject({
      organizationId: user.organizationId,
      userId: user.userId,
    })
  })

  it('refuses a token issued for another key (its nonce), another client (aud), another person (sub), a tampered signature', async () => {
    const key = generateP256KeyPair()
    const user = await signUpWithGoogle(
      vendor,
      'alice again',
      await idToken(alice.sub, key.publicKey),
    )
    const other = generateP256KeyPair()

    // A token made for the other key cannot log this one in.
    expect(
      await oauthLogin(vendor, user.organizationId, {
        oidcToken: await idToken(alice.sub, other.publicKey),
        publicKey: key.publicKey,
      }),
    ).toEqual(
      refusedToken(
        'its nonce is not sha256(publicKey) in hex: the token was issued for another key',
      ),
    )
    // The same person through the Apple client: not the audience registered.
    expect(
      await oauthLogin(vendor, user.organizationId, {
        oidcToken: await idToken(alice.sub, key.publicKey, {
          clientId: idp.clientIds.apple,
        }),
        publicKey: key.publicKey,
      }),
    ).toEqual(
      refusedToken("its aud is not the client id of the user's OAuth provider"),
    )
    // Another person of the same provider: no user of this organization.
    expect(
      await oauthLogin(vendor, user.organizationId, {
        oidcToken: await idToken(bob.sub, key.publicKey),
        publicKey: key.publicKey,
      }),
    ).toEqual(
      vendorRefusal(
        404,
        5,
        "no user in this organization has an OAuth provider for the token's issuer and subject",
      ),
    )
    // One byte of the signature changed.
    const token = await idToken(alice.sub, key.publicKey)
    expect(
      await oauthLogin(vendor, user.organizationId, {
        oidcToken: withSignatureFlipped(token),
        publicKey: key.publicKey,
      }),
    ).toEqual(refusedToken("the signature is not the issuer's"))
    // The claims changed under the issuer's signature (another subject).
    expect(
      await oauthLogin(vendor, user.organizationId, {
        oidcToken: withClaims(token, { sub: bob.sub }),
        publicKey: key.publicKey,
      }),
    ).toEqual(refusedToken("the signature is not the issuer's"))
    // Nothing was logged in: the key stamps nothing.
    const keys = await backendClient(vendor).getApiKeys({
      organizationId: user.organizationId,
      userId: user.userId,
    })
    expect(keys.apiKeys).toEqual([])
  })

  it('refuses a token of an issuer it does not trust, without asking that issuer', async () => {
    const stranger = await startIdentityProvider()
    try {
      const key = generateP256KeyPair()
      const user = await signUpWithGoogle(
        vendor,
        'alice elsewhere',
        await idToken(alice.sub, key.publicKey),
      )
      const token = await idToken(alice.sub, key.publicKey, {
        issuer: stranger.issuer,
      })
      expect(
        await oauthLogin(vendor, user.organizationId, {
          oidcToken: token,
          publicKey: key.publicKey,
        }),
      ).toEqual(
        refusedToken(
          `issuer "${stranger.issuer}" is not trusted by the sandbox (it trusts ${idp.issuer})`,
        ),
      )
      // Nor can such a token register a provider.
      const registered = await postStamped(
        vendor,
        'submit/create_sub_organization',
        activityBody(
          'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
          vendor.parentOrganizationId,
          {
            subOrganizationName: 'stranger',
            rootQuorumThreshold: 1,
            rootUsers: [
              {
                userName: 'stranger',
                apiKeys: [],
                authenticators: [],
                oauthProviders: [{ providerName: 'Google', oidcToken: token }],
              },
            ],
          },
          vendor.clock.now(),
        ),
        parentStamper(vendor),
      )
      expect(registered).toEqual(
        refusedToken(
          `issuer "${stranger.issuer}" is not trusted by the sandbox (it trusts ${idp.issuer})`,
        ),
      )
    } finally {
      await stranger.stop()
    }
  })

  it('spends a token on its first login: the same token again is refused', async () => {
    const key = generateP256KeyPair()
    const token = await idToken(alice.sub, key.publicKey)
    const user = await signUpWithGoogle(vendor, 'alice once', token)
    const first = await oauthLogin(vendor, user.organizationId, {
      oidcToken: token,
      publicKey: key.publicKey,
    })
    expect(first.status).toBe(200)
    expect(first.body.activity.status).toBe('ACTIVITY_STATUS_COMPLETED')
    expect(
      await oauthLogin(vendor, user.organizationId, {
        oidcToken: token,
        publicKey: key.publicKey,
      }),
    ).toEqual(
      vendorRefusal(
        400,
        9,
        'OIDC token already used to log in: sign in with the provider again',
      ),
    )
    // A new sign-in, for a new key as each login has, logs in again.
    const next = generateP256KeyPair()
    const again = await oauthLogin(vendor, user.organizationId, {
      oidcToken: await idToken(alice.sub, next.publicKey),
      publicKey: next.publicKey,
    })
    expect(again.status).toBe(200)
  })

  it('refuses an expired token', async () => {
    // A vendor of its own: its clock moves past the token's hour.
    const later = await startVendor({ oidcIssuers: [idp.issuer] })
    try {
      const key = generateP256KeyPair()
      const token = await idToken(alice.sub, key.publicKey)
      const user = await signUpWithGoogle(later, 'alice later', token)
      await advanceClock(later.url, 3600 * 1000)
      expect(
        await oauthLogin(later, user.organizationId, {
          oidcToken: token,
          publicKey: key.publicKey,
        }),
      ).toEqual(refusedToken('expired'))
    } finally {
      await later.stop()
    }
  })
})

describe('a user’s OAuth providers', () => {
  it('are added by claims or token, listed, and deleted; a deleted provider logs nobody in', async () => {
    const key = generateP256KeyPair()
    const passkey = new SoftwareAuthenticator()
    // Registered by its claims alone (CREATE_SUB_ORGANIZATION_V8's OauthProviderParamsV2).
    const created = await backendClient(vendor).createSubOrganization({
      subOrganizationName: "bob's organization",
      rootQuorumThreshold: 1,
      rootUsers: [
        {
          userName: 'bob',
          apiKeys: [],
          authenticators: [passkey.register()],
          oauthProviders: [
            {
              providerName: 'Apple',
              oidcClaims: {
                iss: idp.issuer,
                sub: bob.sub,
                aud: idp.clientIds.apple,
              },
            },
          ],
        },
      ],
    })
    const organizationId = created.subOrganizationId
    const userId = created.rootUserIds![0]!
    const own = new TurnkeyClient({ baseUrl: vendor.url }, passkey.stamper())
    // The user adds Google with a token of its own.
    const added = await own.createOauthProviders({
      type: 'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS_V2',
      timestampMs: String(vendor.clock.now()),
      organizationId,
      parameters: {
        userId,
        oauthProviders: [
          {
            providerName: 'Google',
            oidcToken: await idToken(bob.sub, key.publicKey),
          },
        ],
      },
    })
    const [googleId] =
      added.activity.result.createOauthProvidersResultV2!.providerIds
    const listed = await own.getOauthProviders({ organizationId, userId })
    expect(
      listed.oauthProviders.map(({ providerName, audience, subject }) => ({
        providerName,
        audience,
        subject,
      })),
    ).toEqual([
      {
        providerName: 'Apple',
        audience: idp.clientIds.apple,
        subject: bob.sub,
      },
      {
        providerName: 'Google',
        audience: idp.clientIds.google,
        subject: bob.sub,
      },
    ])
    // get_user shows them too.
    const { user } = await own.getUser({ organizationId, userId })
    expect(user.oauthProviders).toHaveLength(2)

    // Both clients log bob in.
    for (const clientId of [idp.clientIds.apple, idp.clientIds.google]) {
      const login = await oauthLogin(vendor, organizationId, {
        oidcToken: await idToken(bob.sub, key.publicKey, { clientId }),
        publicKey: key.publicKey,
      })
      expect(login.status, JSON.stringify(login.body)).toBe(200)
    }

    await own.deleteOauthProviders({
      type: 'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS',
      timestampMs: String(vendor.clock.now()),
      organizationId,
      parameters: { userId, providerIds: [googleId!] },
    })
    expect(
      (await own.getOauthProviders({ organizationId, userId })).oauthProviders,
    ).toEqual([expect.objectContaining({ providerName: 'Apple' })])
    expect(
      await oauthLogin(vendor, organizationId, {
        oidcToken: await idToken(bob.sub, key.publicKey),
        publicKey: key.publicKey,
      }),
    ).toEqual(
      refusedToken("its aud is not the client id of the user's OAuth provider"),
    )
    // A provider it does not have.
    const missing = await postStamped(
      vendor,
      'submit/delete_oauth_providers',
      activityBody(
        'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS',
        organizationId,
        { userId, providerIds: [googleId!] },
        vendor.clock.now(),
      ),
      passkey.stamper(),
    )
    expect(missing).toEqual(
      vendorRefusal(404, 5, 'no OAuth provider found with the given ID'),
    )
  })
})

describe('oauth_login through the Auth Proxy', () => {
  it('logs in through a config that enables a social provider, with the public API checking the token', async () => {
    const authProxy = await startAuthProxy(vendor, {
      configs: [{ enabledProviders: ['google', 'apple'] }],
    })
    try {
      const otpOnly = authProxy.addConfig({
        enabledProviders: ['email', 'passkey'],
      })
      const key = generateP256KeyPair()
      const token = await idToken(alice.sub, key.publicKey)
      const user = await signUpWithGoogle(vendor, 'alice by proxy', token)
      const login = (
        body: Record<string, unknown>,
        configId = authProxy.configId,
      ) => postToProxy(authProxy, '/v1/oauth_login', body, { configId })
      const parameters = {
        oidcToken: token,
        publicKey: key.publicKey,
        organizationId: user.organizationId,
      }

      expect(await login(parameters, otpOnly.configId)).toEqual(
        vendorRefusal(
          403,
          7,
          `request not authorized: no social login provider (google, apple, facebook) is enabled for auth proxy config ${otpOnly.configId}`,
        ),
      )
      // A token made for another key: the public API's refusal, passed on.
      expect(
        await login({
          ...parameters,
          oidcToken: await idToken(alice.sub, generateP256KeyPair().publicKey),
        }),
      ).toEqual(
        refusedToken(
          'its nonce is not sha256(publicKey) in hex: the token was issued for another key',
        ),
      )
      const { status, body } = await login(parameters)
      expect(status).toBe(200)
      const claims = jwtClaims(body.session)
      expect(claims).toMatchObject({
        public_key: key.publicKey,
        user_id: user.userId,
        organization_id: user.organizationId,
      })
      // The session lasts the config's session expiration (from the login, a moment ago).
      const left = claims.exp - Math.floor(vendor.clock.now() / 1000)
      const { sessionExpirationSeconds } = authProxy.config()
      expect(left).toBeLessThanOrEqual(sessionExpirationSeconds)
      expect(left).toBeGreaterThan(sessionExpirationSeconds - 5)
    } finally {
      await authProxy.stop()
    }
  })
})

describe('accounts found by OIDC token', () => {
  it("list_suborgs by OIDC_TOKEN names the accounts the token's person signed up with, after verifying it", async () => {
    const key = generateP256KeyPair()
    const token = await idToken(bob.sub, key.publicKey)
    const bobs = await signUpWithGoogle(vendor, 'bob, looked up', token)
    const lookUp = (filterValue: string) =>
      backendClient(vendor).getSubOrgIds({
        organizationId: vendor.parentOrganizationId,
        filterType: 'OIDC_TOKEN',
        filterValue,
      })
    expect((await lookUp(token)).organizationIds).toContain(bobs.organizationId)
    // Alice's token names none of bob's accounts.
    const alices = await lookUp(
      await idToken(alice.sub, generateP256KeyPair().publicKey),
    )
    expect(alices.organizationIds).not.toContain(bobs.organizationId)
    // A token whose signature does not hold names nothing: it is refused.
    const [header, payload, signature] = token.split('.') as [
      string,
      string,
      string,
    ]
    const tampered = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`
    await expect(lookUp(tampered)).rejects.toThrow(/invalid OIDC token/)
  })

  it('the Auth Proxy signs up with a provider, finds the account by token, and logs in without an organization id', async () => {
    // A vendor of its own: alice has accounts on the shared one, and a
    // token that names several accounts is refused.
    const own = await startVendor({ oidcIssuers: [idp.issuer] })
    const authProxy = await startAuthProxy(own, {
      configs: [{ enabledProviders: ['google'] }],
    })
    try {
      const key = generateP256KeyPair()
      const token = await idToken(alice.sub, key.publicKey)
      const signedUp = await postToProxy(authProxy, '/v1/signup', {
        userName: 'alice by proxy',
        organizationName: "alice's organization",
        apiKeys: [],
        authenticators: [],
        oauthProviders: [{ providerName: 'Google', oidcToken: token }],
      })
      expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(200)
      const { organizationId } = signedUp.body as { organizationId: string }

      const account = await postToProxy(authProxy, '/v1/account', {
        filterType: 'OIDC_TOKEN',
        filterValue: token,
      })
      expect(account).toMatchObject({ status: 200, body: { organizationId } })

      const login = await postToProxy(authProxy, '/v1/oauth_login', {
        oidcToken: token,
        publicKey: key.publicKey,
      })
      expect(login.status, JSON.stringify(login.body)).toBe(200)
      expect(
        jwtClaims((login.body as { session: string }).session),
      ).toMatchObject({
        organization_id: organizationId,
        public_key: key.publicKey,
      })

      // Carol never signed up: her token finds no account, and logs nobody in.
      const carolsKey = generateP256KeyPair()
      const carols = await idToken('110000000000000000003', carolsKey.publicKey)
      expect(
        await postToProxy(authProxy, '/v1/account', {
          filterType: 'OIDC_TOKEN',
          filterValue: carols,
        }),
      ).toMatchObject({ status: 200, body: {} })
      expect(
        await postToProxy(authProxy, '/v1/oauth_login', {
          oidcToken: carols,
          publicKey: carolsKey.publicKey,
        }),
      ).toEqual(
        vendorRefusal(
          404,
          5,
          'no account has an OAuth provider for this OIDC token',
        ),
      )
    } finally {
      await authProxy.stop()
      await own.stop()
    }
  })
})
