import { randomUUID } from 'node:crypto'
import {
  compressRawPublicKey,
  verifyOtpVerificationToken,
  verifySessionJwtSignature,
} from '@turnkey/crypto'
import { TurnkeyClient } from '@turnkey/http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AuthProxy,
  startAuthProxy,
} from '../../sandbox/turnkey/authProxy/startAuthProxy.js'
import { otpAttempts } from '../../sandbox/turnkey/otpSubmits.js'
import { startVendor, type Vendor } from '../../sandbox/turnkey/startVendor.js'
import { toDerSignature } from '../../src/core/encodings.js'
import {
  authProxyClient,
  pageOrigin,
  postToProxy,
  signUpThroughProxy,
} from '../helpers/authProxyUsers.js'
import { advanceClock, vendorActivities } from '../helpers/sandboxSwitches.js'
import { SoftwareAuthenticator } from '../helpers/softwareAuthenticator.js'
import {
  backendClient,
  ethereumAccount,
  vendorRefusal as refused,
} from '../helpers/vendorUsers.js'

let vendor: Vendor
let authProxy: AuthProxy

beforeAll(async () => {
  vendor = await startVendor()
  authProxy = await startAuthProxy(vendor)
})
afterAll(async () => {
  await authProxy.stop()
  await vendor.stop()
})

const proxy = (
  path: string,
  body: unknown,
  options?: Parameters<typeof postToProxy>[3],
) => postToProxy(authProxy, path, body, options)

/** What the browser makes for one login: a non-extractable WebCrypto P-256 key. */
async function browserLoginKey() {
  const { privateKey, publicKey } = await crypto.subtle.generateKey(
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign', 'verify'],
  )
  const compressed = Buffer.from(
    compressRawPublicKey(
      new Uint8Array(await crypto.subtle.exportKey('raw', publicKey)),
    ),
  ).toString('hex')
  /** Raw r‖s hex over sha256(message), as WebCrypto signs. */
  const signRaw = async (message: string) =>
    Buffer.from(
      await crypto.subtle.sign(
        { name: 'ECDSA', hash: 'SHA-256' },
        privateKey,
        new TextEncoder().encode(message),
      ),
    ).toString('hex')
  return {
    publicKey: compressed,
    signRaw,
    /** Stamps public API requests (`X-Stamp`, DER signature) with the login key. */
    stamper: {
      stamp: async (body: string) => ({
        stampHeaderName: 'X-Stamp',
        stampHeaderValue: Buffer.from(
          JSON.stringify({
            publicKey: compressed,
            scheme: 'SIGNATURE_SCHEME_TK_API_P256',
            // The page's own encoder: @turnkey/crypto's keeps an integer's
            // leading zero bytes (one signature in about 128), which a strict
            // DER reader refuses.
            signature: toDerSignature(Buffer.from(await signRaw(body), 'hex')),
          }),
        ).toString('base64url'),
      }),
    },
  }
}

type LoginKey = Awaited<ReturnType<typeof browserLoginKey>>

/** The login usage the vendor's SDKs sign: the token's id and the session key. */
async function loginSignature(token: string, key: LoginKey) {
  const { id } = JSON.parse(atob(token.split('.')[1]!)) as { id: string }
  const message = JSON.stringify({
    login: { publicKey: key.publicKey },
    tokenId: id,
    type: 'USAGE_TYPE_LOGIN',
  })
  return {
    publicKey: key.publicKey,
    scheme: 'CLIENT_SIGNATURE_SCHEME_API_P256',
    message,
    signature: await key.signRaw(message),
  }
}

/** The proxy's sign-up body for a new passkey, with the email only when `proof` says so. */
function signUpBody(email: string, passkey = new SoftwareAuthenticator()) {
  return {
    userName: email,
    organizationName: `${email}'s organization`,
    apiKeys: [],
    authenticators: [passkey.register()],
    oauthProviders: [],
    wallet: { walletName: 'Default wallet', accounts: [ethereumAccount] },
  }
}

/** A user signed up as passkeyWallet does it through the proxy (the email proved), named by its email. */
async function signUp(email = `${randomUUID()}@example.com`) {
  const user = await signUpThroughProxy(vendor, email, {
    client: authProxyClient(authProxy),
    userName: email,
  })
  const { users } = await backendClient(vendor).getUsers({
    organizationId: user.organizationId,
  })
  return { ...user, account: user.account!, userId: users[0]!.userId }
}

const outbox = (to: string) => vendor.outbox.to(to)

async function sendCode(email: string, configId = authProxy.configId) {
  const response = await proxy(
    '/v1/otp_init',
    { otpType: 'OTP_TYPE_EMAIL', contact: email },
    { configId },
  )
  expect(response.status).toBe(200)
  const code = outbox(email).at(-1)!.secret
  return { otpId: response.body.otpId as string, code }
}

describe('the sandbox Auth Proxy signs users up', () => {
  it('creates a sub-organization with the email, the passkey and an Ethereum account at m/44’/60’/0’/0/0', async () => {
    const user = await signUp()
    expect(user.organizationId).toMatch(/^[0-9a-f-]{36}$/)
    expect(user.account.address).toMatch(/^0x[0-9a-fA-F]{40}$/)

    const backend = backendClient(vendor)
    const { user: created } = await backend.getUser({
      organizationId: user.organizationId,
      userId: user.userId,
    })
    expect(created.userEmail).toBe(user.email)
    expect(created.authenticators.map((a) => a.credentialId)).toEqual([
      user.passkey.credentialId,
    ])
    const { accounts } = await backend.getWalletAccounts({
      organizationId: user.organizationId,
      walletId: user.account.walletId,
    })
    expect(accounts.map(({ path, address }) => ({ path, address }))).toEqual([
      { path: "m/44'/60'/0'/0/0", address: user.account.address },
    ])

    // Log-in with the passkey stays as without the proxy: whoami through the parent id.
    const passkeyClient = new TurnkeyClient(
      { baseUrl: vendor.url },
      user.passkey.stamper(),
    )
    expect(
      await passkeyClient.getWhoami({
        organizationId: vendor.parentOrganizationId,
      }),
    ).toMatchObject({
      organizationId: user.organizationId,
      userId: user.userId,
    })
  })

  it('acts through stamped public API activities of its own parent-organization user', async () => {
    const user = await signUp()
    const activities = await vendorActivities(
      vendor.url,
      'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
    )
    const activity = activities.find(
      (a) =>
        a.result.createSubOrganizationResultV8?.subOrganizationId ===
        user.organizationId,
    )
    expect(activity?.organizationId).toBe(vendor.parentOrganizationId)
    const parent = vendor.state.organization(vendor.parentOrganizationId)
    const proxyUser = parent.users.find((u) => u.userName === 'Auth proxy')!
    expect(parent.rootUserIds).not.toContain(proxyUser.userId)
    const vote = parent.activities.find(
      (a) =>
        (a.result.createSubOrganizationResultV8 as any)?.subOrganizationId ===
        user.organizationId,
    )?.votes[0] as { userId: string }
    expect(vote.userId).toBe(proxyUser.userId)
  })

  it('looks the account up by credential id, and by email only with a verification token', async () => {
    const user = await signUp()
    expect(
      await proxy('/v1/account', {
        filterType: 'CREDENTIAL_ID',
        filterValue: user.passkey.credentialId,
      }),
    ).toMatchObject({
      status: 200,
      body: { organizationId: user.organizationId },
    })
    expect(
      await proxy('/v1/account', {
        filterType: 'CREDENTIAL_ID',
        filterValue: 'unknown',
      }),
    ).toMatchObject({ status: 200, body: {} })
    expect(
      await proxy('/v1/account', {
        filterType: 'EMAIL',
        filterValue: user.email,
      }),
    ).toEqual(
      refused(
        400,
        3,
        'verificationToken is required to look an account up by EMAIL: verify an OTP sent to that address first',
      ),
    )
  })
})

describe('an email the proxy took without its proof', () => {
  it('is kept unverified: no lookup by email finds the account, and a code for the address logs into nothing', async () => {
    const email = `${randomUUID()}@example.com`
    const unproven = await proxy('/v1/signup', {
      ...signUpBody(email),
      userEmail: email,
    })
    expect(unproven.status).toBe(200)
    const { otpId, code } = await sendCode(email)
    const key = await browserLoginKey()
    const { verificationToken } = (
      await proxy('/v1/otp_verify', {
        otpId,
        otpCode: code,
        publicKey: key.publicKey,
      })
    ).body as { verificationToken: string }
    expect(
      await proxy('/v1/account', {
        filterType: 'EMAIL',
        filterValue: email,
        verificationToken,
      }),
    ).toMatchObject({ status: 200, body: {} })
    expect(
      await proxy('/v1/otp_login', {
        verificationToken,
        publicKey: key.publicKey,
        clientSignature: await loginSignature(verificationToken, key),
      }),
    ).toEqual(refused(404, 5, 'no sub-organization has the verified contact'))
    // A proven sign-up of the same address is the one account it finds.
    const owner = await signUp(email)
    const again = await sendCode(email)
    const { verificationToken: ownerToken } = (
      await proxy('/v1/otp_verify', {
        otpId: again.otpId,
        otpCode: again.code,
        publicKey: key.publicKey,
      })
    ).body as { verificationToken: string }
    expect(
      await proxy('/v1/account', {
        filterType: 'EMAIL',
        filterValue: email,
        verificationToken: ownerToken,
      }),
    ).toMatchObject({
      status: 200,
      body: { organizationId: owner.organizationId },
    })
  })
})

describe('the sandbox Auth Proxy logs users in by email OTP', () => {
  it('sends a code, verifies it, and logs in with a key the browser made, signed by the notarizer', async () => {
    const user = await signUp()
    const { otpId, code } = await sendCode(user.email)
    expect(code).toMatch(/^\d{6}$/)

    const key = await browserLoginKey()
    const verified = await proxy('/v1/otp_verify', {
      otpId,
      otpCode: code,
      publicKey: key.publicKey,
    })
    expect(verified.status).toBe(200)
    const { verificationToken } = verified.body as { verificationToken: string }
    const claims = await verifyOtpVerificationToken(
      verificationToken,
      vendor.signerPublicKey,
    )
    expect(claims).toMatchObject({
      contact: user.email,
      verification_type: 'OTP_TYPE_EMAIL',
      public_key: key.publicKey,
      organization_id: vendor.parentOrganizationId,
    })

    expect(
      await proxy('/v1/account', {
        filterType: 'EMAIL',
        filterValue: user.email,
        verificationToken,
      }),
    ).toMatchObject({
      status: 200,
      body: { organizationId: user.organizationId },
    })

    const login = await proxy('/v1/otp_login', {
      verificationToken,
      publicKey: key.publicKey,
      organizationId: user.organizationId,
      clientSignature: await loginSignature(verificationToken, key),
    })
    expect(login.status).toBe(200)
    const { session } = login.body as { session: string }
    expect(
      await verifySessionJwtSignature(session, vendor.notarizerPublicKey),
    ).toBe(true)
    const payload = JSON.parse(atob(session.split('.')[1]!))
    expect(payload).toMatchObject({
      public_key: key.publicKey,
      session_type: 'SESSION_TYPE_READ_WRITE',
      user_id: user.userId,
      organization_id: user.organizationId,
    })
    const nowSeconds = vendor.clock.now() / 1000
    expect(payload.exp).toBeGreaterThan(nowSeconds + 890)
    expect(payload.exp).toBeLessThanOrEqual(nowSeconds + 900)

    // The login key stamps the public API as the user: a new passkey, a signature.
    const client = new TurnkeyClient({ baseUrl: vendor.url }, key.stamper)
    expect(
      await client.getWhoami({ organizationId: user.organizationId }),
    ).toMatchObject({
      organizationId: user.organizationId,
      userId: user.userId,
    })
    const { user: loggedIn } = await client.getUser({
      organizationId: user.organizationId,
      userId: user.userId,
    })
    expect(
      loggedIn.apiKeys.find((k) => k.credential.publicKey === key.publicKey),
    ).toMatchObject({
      credential: { type: 'CREDENTIAL_TYPE_LOGIN' },
      expirationSeconds: '900',
    })
    const newPasskey = new SoftwareAuthenticator()
    const added = await client.createAuthenticators({
      type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
      timestampMs: String(vendor.clock.now()),
      organizationId: user.organizationId,
      parameters: {
        userId: user.userId,
        authenticators: [newPasskey.register('New passkey')],
      },
    })
    expect(added.activity.status).toBe('ACTIVITY_STATUS_COMPLETED')
    const signed = await client.signRawPayload({
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      timestampMs: String(vendor.clock.now()),
      organizationId: user.organizationId,
      parameters: {
        signWith: user.account.address,
        payload: `0x${'ab'.repeat(32)}`,
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NO_OP',
      },
    })
    expect(signed.activity.status).toBe('ACTIVITY_STATUS_COMPLETED')

    // A token logs in once.
    expect(
      await proxy('/v1/otp_login', {
        verificationToken,
        publicKey: key.publicKey,
        organizationId: user.organizationId,
        clientSignature: await loginSignature(verificationToken, key),
      }),
    ).toEqual(
      refused(400, 9, 'verification token already used: verify a new OTP code'),
    )
  })

  it(`refuses a wrong code, then burns the code after ${otpAttempts} wrong tries`, async () => {
    const user = await signUp()
    const { otpId, code } = await sendCode(user.email)
    const key = await browserLoginKey()
    const wrong = code === '000000' ? '111111' : '000000'
    const verify = (otpCode: string) =>
      proxy('/v1/otp_verify', { otpId, otpCode, publicKey: key.publicKey })
    expect(await verify(wrong)).toEqual(
      refused(400, 3, 'Invalid OTP code: 2 attempts left'),
    )
    expect(await verify(wrong)).toEqual(
      refused(400, 3, 'Invalid OTP code: 1 attempt left'),
    )
    const tooMany = refused(
      400,
      9,
      'Too many failed OTP attempts: this code can no longer be used; request a new code',
    )
    expect(await verify(wrong)).toEqual(tooMany)
    expect(await verify(code)).toEqual(tooMany)
    // A new code works.
    const again = await sendCode(user.email)
    expect(
      (
        await proxy('/v1/otp_verify', {
          otpId: again.otpId,
          otpCode: again.code,
          publicKey: key.publicKey,
        })
      ).status,
    ).toBe(200)
  })

  it('refuses a code after it expires (300 s on the sandbox clock), and a used code', async () => {
    const user = await signUp()
    const key = await browserLoginKey()
    const expiring = await sendCode(user.email)
    await advanceClock(vendor.url, 301_000)
    expect(
      await proxy('/v1/otp_verify', {
        otpId: expiring.otpId,
        otpCode: expiring.code,
        publicKey: key.publicKey,
      }),
    ).toEqual(refused(400, 9, 'OTP expired: request a new code'))

    const used = await sendCode(user.email)
    const body = {
      otpId: used.otpId,
      otpCode: used.code,
      publicKey: key.publicKey,
    }
    expect((await proxy('/v1/otp_verify', body)).status).toBe(200)
    expect(await proxy('/v1/otp_verify', body)).toEqual(
      refused(400, 9, 'OTP already used: request a new code'),
    )
  })

  it('sends codes with the config’s length and alphabet', async () => {
    const config = authProxy.addConfig({
      allowedOrigins: [pageOrigin],
      otpLength: 9,
      otpAlphanumeric: true,
    })
    const email = `${randomUUID()}@example.com`
    const codes = await Promise.all(
      Array.from({ length: 4 }, async () => {
        await sendCode(email, config.configId)
        return outbox(email).at(-1)!.secret
      }),
    )
    for (const code of codes)
      expect(code).toMatch(/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{9}$/)
    expect(outbox(email).at(-1)).toMatchObject({
      kind: 'otp',
      to: email,
      subject: 'Your Sandbox code',
    })
  })

  it('refuses an OTP login without the client signature, or with a bad one', async () => {
    const user = await signUp()
    const { otpId, code } = await sendCode(user.email)
    const key = await browserLoginKey()
    expect(
      await proxy('/v1/otp_verify', { otpId, otpCode: code }),
    ).toMatchObject({ status: 400, body: { code: 3 } })
    const { verificationToken } = (
      await proxy('/v1/otp_verify', {
        otpId,
        otpCode: code,
        publicKey: key.publicKey,
      })
    ).body as { verificationToken: string }
    const login = { verificationToken, publicKey: key.publicKey }
    expect(
      await proxy('/v1/otp_login', {
        ...login,
        organizationId: user.organizationId,
      }),
    ).toEqual(
      refused(
        400,
        3,
        'clientSignature is required: the verification token is bound to the publicKey given to otp_verify',
      ),
    )
    const other = await browserLoginKey()
    expect(
      await proxy('/v1/otp_login', {
        ...login,
        organizationId: user.organizationId,
        clientSignature: await loginSignature(verificationToken, other),
      }),
    ).toEqual(
      refused(
        401,
        16,
        'client signature public key does not match the public key of the verification token',
      ),
    )
    const forged = await loginSignature(verificationToken, key)
    expect(
      await proxy('/v1/otp_login', {
        ...login,
        organizationId: user.organizationId,
        clientSignature: { ...forged, signature: 'ab'.repeat(64) },
      }),
    ).toMatchObject({ status: 401, body: { code: 16 } })
    // Nothing was registered, and the token still logs in once signed right.
    expect(
      (
        await proxy('/v1/otp_login', {
          ...login,
          organizationId: user.organizationId,
          clientSignature: forged,
        })
      ).status,
    ).toBe(200)
  })
})

describe('the sandbox Auth Proxy refuses', () => {
  it('a request without a config id, or with an unknown one', async () => {
    expect(
      await proxy('/v1/wallet_kit_config', {}, { configId: null }),
    ).toEqual(
      refused(
        401,
        16,
        'missing X-Auth-Proxy-Config-Id header: every auth proxy request names its config',
      ),
    )
    const unknown = randomUUID()
    expect(
      await proxy('/v1/wallet_kit_config', {}, { configId: unknown }),
    ).toEqual(refused(401, 16, `unknown auth proxy config id ${unknown}`))
  })

  it('a page on an origin its config does not allow, and answers CORS only for allowed origins', async () => {
    const { configId } = authProxy
    const refusedOrigin = await proxy(
      '/v1/wallet_kit_config',
      {},
      { origin: 'https://attacker.example' },
    )
    expect(refusedOrigin).toMatchObject(
      refused(
        403,
        7,
        `origin https://attacker.example is not allowed by auth proxy config ${configId}`,
      ),
    )
    expect(refusedOrigin.headers.get('access-control-allow-origin')).toBeNull()
    expect(await proxy('/v1/wallet_kit_config', {}, { origin: null })).toEqual(
      refused(
        403,
        7,
        `a request without an Origin header is not allowed by auth proxy config ${configId}`,
      ),
    )
    // Another config's origin is not this config's.
    const other = authProxy.addConfig({
      allowedOrigins: ['http://localhost:4000'],
    })
    const otherOrigin = await proxy(
      '/v1/wallet_kit_config',
      {},
      { origin: 'http://localhost:4000' },
    )
    expect(otherOrigin.status).toBe(403)
    expect(otherOrigin.headers.get('access-control-allow-origin')).toBeNull()
    expect(
      (
        await proxy(
          '/v1/wallet_kit_config',
          {},
          { origin: 'http://localhost:4000', configId: other.configId },
        )
      ).status,
    ).toBe(200)

    const preflight = (origin: string) =>
      fetch(`${authProxy.url}/v1/otp_init`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers':
            'content-type,x-auth-proxy-config-id',
        },
      })
    const allowed = await preflight(pageOrigin)
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(pageOrigin)
    expect(allowed.headers.get('access-control-allow-headers')).toContain(
      'x-auth-proxy-config-id',
    )
    const denied = await preflight('https://attacker.example')
    expect(denied.status).toBe(403)
    expect(denied.headers.get('access-control-allow-origin')).toBeNull()

    // A page served on a port known only once it listens.
    authProxy.allowOrigin('http://localhost:61234')
    const late = await proxy(
      '/v1/wallet_kit_config',
      {},
      { origin: 'http://localhost:61234' },
    )
    expect(late.status).toBe(200)
    expect(late.headers.get('access-control-allow-origin')).toBe(
      'http://localhost:61234',
    )
  })

  it('bodies the published schema refuses, naming the field', async () => {
    expect(await proxy('/v1/otp_verify', { otpId: 'x' })).toEqual(
      refused(400, 3, 'invalid request body: otpCode is required'),
    )
    expect(
      await proxy('/v1/otp_init', { otpType: 'OTP_TYPE_EMAIL', contact: 42 }),
    ).toEqual(refused(400, 3, 'invalid request body: contact must be a string'))
    expect(
      await proxy('/v1/signup', {
        userEmail: 'a@example.com',
        apiKeys: [],
        authenticators: [],
        oauthProviders: [],
        wallet: { walletName: 'w', accounts: [{ path: "m/44'/60'/0'/0/0" }] },
        referrer: 'x',
      }),
    ).toEqual(
      refused(
        400,
        3,
        'invalid request body: wallet.accounts[0].curve is required; wallet.accounts[0].pathFormat is required; wallet.accounts[0].addressFormat is required; referrer is not a known field',
      ),
    )
    expect(await proxy('/v1/wallet_kit_config', { extra: true })).toEqual(
      refused(400, 3, 'invalid request body: extra is not a known field'),
    )
  })

  it('what the schema leaves to the proxy: default names, a login without its sub-organization, disabled providers', async () => {
    const signup = {
      userEmail: `${randomUUID()}@example.com`,
      apiKeys: [],
      authenticators: [new SoftwareAuthenticator().register()],
      oauthProviders: [],
    }
    expect(
      await proxy('/v1/signup', { ...signup, organizationName: 'org' }),
    ).toEqual(
      refused(
        400,
        3,
        "userName is required by the sandbox (the proxy's default is undocumented)",
      ),
    )
    expect(
      await proxy('/v1/signup', {
        ...signup,
        userName: 'u',
        organizationName: 'org',
        verificationToken: 'x',
      }),
    ).toEqual(refused(400, 3, 'invalid verification token'))
    const emailOnly = authProxy.addConfig({
      allowedOrigins: [pageOrigin],
      enabledProviders: ['email'],
    })
    expect(
      await proxy(
        '/v1/signup',
        { ...signup, userName: 'u', organizationName: 'org' },
        { configId: emailOnly.configId },
      ),
    ).toEqual(
      refused(
        403,
        7,
        `request not authorized: the passkey provider is not enabled for auth proxy config ${emailOnly.configId}`,
      ),
    )
    // Nothing half-created.
    const { organizationIds } = await backendClient(vendor).getSubOrgIds({
      filterType: 'EMAIL',
      filterValue: signup.userEmail,
    })
    expect(organizationIds).toEqual([])

    const user = await signUp()
    const { otpId, code } = await sendCode(user.email)
    const key = await browserLoginKey()
    const { verificationToken } = (
      await proxy('/v1/otp_verify', {
        otpId,
        otpCode: code,
        publicKey: key.publicKey,
      })
    ).body as { verificationToken: string }
    // Without its sub-organization, the login finds the one whose owner proved the email.
    const login = await proxy('/v1/otp_login', {
      verificationToken,
      publicKey: key.publicKey,
      clientSignature: await loginSignature(verificationToken, key),
    })
    expect(login.status).toBe(200)
    expect(
      JSON.parse(atob((login.body.session as string).split('.')[1]!)),
    ).toMatchObject({ organization_id: user.organizationId })
  })

  it('what it does not emulate, and unknown paths', async () => {
    // The vendor's wrapper for OAuth 2.0-only providers (X, Discord): none in the sandbox.
    expect(await proxy('/v1/oauth2_authenticate', {})).toEqual(
      refused(
        501,
        12,
        '/v1/oauth2_authenticate is not implemented in the sandbox',
      ),
    )
    expect(await proxy('/v1/nothing', {})).toEqual(
      refused(404, 5, 'unknown path'),
    )
    expect(
      await proxy('/v1/otp_init', {
        otpType: 'OTP_TYPE_SMS',
        contact: '+15555550100',
      }),
    ).toEqual(refused(501, 12, 'SMS OTP is not implemented in the sandbox'))
  })
})

describe('the sandbox Auth Proxy answers its config', () => {
  it('wallet_kit_config, with or without a body', async () => {
    const expected = {
      enabledProviders: ['email', 'passkey', 'google', 'apple'],
      sessionExpirationSeconds: '900',
      organizationId: vendor.parentOrganizationId,
      otpAlphanumeric: false,
      otpLength: '6',
    }
    expect(await proxy('/v1/wallet_kit_config', {})).toMatchObject({
      status: 200,
      body: expected,
    })
    expect(await proxy('/v1/wallet_kit_config', undefined)).toMatchObject({
      status: 200,
      body: expected,
    })
  })
})

describe('the sandbox Auth Proxy fails when told to', () => {
  const arm = (body: Record<string, unknown>) =>
    fetch(`${authProxy.url}/sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })

  it('answers 500 (not JSON), 429 and late, once each', async () => {
    expect((await arm({ path: '/v1/otp_init', fault: 'http500' })).status).toBe(
      200,
    )
    const email = `${randomUUID()}@example.com`
    const init = { otpType: 'OTP_TYPE_EMAIL', contact: email }
    const failed = await proxy('/v1/otp_init', init)
    expect(failed).toMatchObject({ status: 500, body: 'Internal Server Error' })
    // The page can read the failure: it carries its CORS headers.
    expect(failed.headers.get('access-control-allow-origin')).toBe(pageOrigin)
    expect(outbox(email)).toEqual([])

    await arm({ path: '/v1/otp_init', fault: 'http429' })
    expect(await proxy('/v1/otp_init', init)).toEqual(
      refused(
        429,
        8,
        'Too many requests. Please wait and try again in a few seconds',
      ),
    )
    expect(outbox(email)).toEqual([])

    await arm({ path: '/v1/otp_init', fault: 'delay', delayMs: 300 })
    const started = performance.now()
    expect((await proxy('/v1/otp_init', init)).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
    expect(outbox(email)).toHaveLength(1)

    expect(
      (await arm({ path: '/v1/elsewhere', fault: 'http500' })).status,
    ).toBe(400)
  })
})
