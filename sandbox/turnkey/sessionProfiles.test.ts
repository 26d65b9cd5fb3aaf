import { createPrivateKey, randomUUID, sign } from 'node:crypto'
import { ApiKeyStamper } from '@turnkey/api-key-stamper'
import {
  encryptOtpCodeToBundle,
  generateP256KeyPair,
  verifySessionJwtSignature,
} from '@turnkey/crypto'
import {
  type Address,
  getAddress,
  keccak256,
  parseEther,
  serializeTransaction,
  toHex,
} from 'viem'
import { hashAuthorization } from 'viem/utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SoftwareAuthenticator } from '../../test/helpers/softwareAuthenticator.js'
import {
  activityBody,
  lastEmail,
  parentStamper,
  postStamped,
  type Stamper,
  signUp,
} from '../../test/helpers/vendorUsers.js'
import { publicApi } from './openapi/documents.js'
import { requestSchema } from './openapi/validateAgainstSchema.js'
import { routes } from './routes.js'
import {
  signingSessionProfileId,
  signingSessionScope,
} from './signingSessionProfile.js'
import { startVendor, type Vendor } from './startVendor.js'

let vendor: Vendor
let signingProfile: string
beforeAll(async () => {
  vendor = await startVendor()
  signingProfile = await signingSessionProfileId(vendor)
})
afterAll(() => vendor.stop())

type Answer = { status: number; body: any }
type User = Awaited<ReturnType<typeof signUp>>

const recipient = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'

const query = (name: string, body: Record<string, unknown>, stamper: Stamper) =>
  postStamped(vendor, `query/${name}`, body, stamper)

const submit = (
  name: string,
  type: string,
  organizationId: string,
  parameters: Record<string, unknown>,
  stamper: Stamper,
) =>
  postStamped(
    vendor,
    `submit/${name}`,
    activityBody(type, organizationId, parameters, vendor.clock.now()),
    stamper,
  )

function completed(answer: Answer, resultKey: string) {
  expect(answer.body).not.toHaveProperty('code')
  expect(answer.status).toBe(200)
  expect(answer.body.activity.status).toBe('ACTIVITY_STATUS_COMPLETED')
  return answer.body.activity.result[resultKey]
}

/** A P-256 key as a browser holds a session key: it stamps, and signs raw messages. */
function p256Key() {
  const { privateKey, publicKey, publicKeyUncompressed } = generateP256KeyPair()
  const point = Buffer.from(publicKeyUncompressed, 'hex')
  const key = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      d: Buffer.from(privateKey, 'hex').toString('base64url'),
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  })
  return {
    publicKey,
    stamper: new ApiKeyStamper({
      apiPublicKey: publicKey,
      apiPrivateKey: privateKey,
    }),
    signRaw: (message: string) =>
      sign('sha256', Buffer.from(message, 'utf8'), {
        key,
        dsaEncoding: 'ieee-p1363',
      }).toString('hex'),
  }
}

const parentKey = () => parentStamper(vendor)

const createProfile = (parameters: Record<string, unknown>) =>
  submit(
    'create_session_profile',
    'ACTIVITY_TYPE_CREATE_SESSION_PROFILE',
    vendor.parentOrganizationId,
    { sessionProfileName: 'Test profile', ...parameters },
    parentKey(),
  )

async function parentProfiles() {
  const answer = await query(
    'get_session_profiles',
    { organizationId: vendor.parentOrganizationId },
    parentKey(),
  )
  expect(answer.status).toBe(200)
  return answer.body.sessionProfiles as {
    sessionProfileId: string
    sessionProfileName: string
    scope: string
    expirationSeconds?: string
  }[]
}

const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'))

/** `stamp_login` with the user's passkey: a fresh session key, under `sessionProfileId` if given. */
async function logIn(
  user: User,
  parameters: { sessionProfileId?: string; expirationSeconds?: string } = {},
) {
  const key = p256Key()
  const { session } = completed(
    await submit(
      'stamp_login',
      'ACTIVITY_TYPE_STAMP_LOGIN',
      user.organizationId,
      { publicKey: key.publicKey, ...parameters },
      user.passkey.stamper(),
    ),
    'stampLoginResult',
  )
  return { ...key, session: session as string }
}

const rawPayload = (user: User) => ({
  signWith: user.address,
  payload: keccak256(toHex('a session key signs this')),
  encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
  hashFunction: 'HASH_FUNCTION_NO_OP',
})

const unsignedTransaction = ({
  to = getAddress(recipient),
  value = parseEther('0.5'),
  chainId = 1,
}: {
  to?: Address
  value?: bigint
  chainId?: number
} = {}) =>
  serializeTransaction({
    chainId,
    type: 'eip1559',
    to,
    value,
    nonce: 0,
    gas: 21_000n,
    maxFeePerGas: 2_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  }).slice(2)

const signTransaction = (user: User, stamper: Stamper, unsigned: string) =>
  submit(
    'sign_transaction',
    'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
    user.organizationId,
    {
      signWith: user.address,
      unsignedTransaction: unsigned,
      type: 'TRANSACTION_TYPE_ETHEREUM',
    },
    stamper,
  )

/** The scope's refusal: 403, code 7, naming the profile and what was asked. */
function expectRefused(answer: Answer, profileName: string, what: string) {
  expect(answer.status).toBe(403)
  expect(answer.body.code).toBe(7)
  expect(answer.body.message).toMatch(/^request not authorized: /)
  expect(answer.body.message).toContain(`'${profileName}'`)
  expect(answer.body.message).toContain(what)
}

describe('create_session_profile', () => {
  it("makes the sandbox's signing profile once, readable by the parent and its sub-organizations", async () => {
    const profiles = await parentProfiles()
    expect(profiles).toContainEqual(
      expect.objectContaining({
        sessionProfileId: signingProfile,
        sessionProfileName: 'Signing session',
        scope: signingSessionScope,
      }),
    )
    // Started again over the same state, the sandbox finds its profile.
    expect(await signingSessionProfileId(vendor)).toBe(signingProfile)
    expect(await parentProfiles()).toHaveLength(profiles.length)

    const user = await signUp(vendor, 'reader')
    const seen = await query(
      'get_session_profile',
      { organizationId: user.organizationId, sessionProfileId: signingProfile },
      user.passkey.stamper(),
    )
    expect(seen.status).toBe(200)
    expect(seen.body.sessionProfile).toMatchObject({
      sessionProfileId: signingProfile,
      scope: signingSessionScope,
    })
    const unknown = await query(
      'get_session_profile',
      {
        organizationId: vendor.parentOrganizationId,
        sessionProfileId: crypto.randomUUID(),
      },
      parentKey(),
    )
    expect(unknown.status).toBe(404)
  })

  it('refuses a scope it cannot parse, and stores nothing', async () => {
    const before = await parentProfiles()
    for (const [scope, reason] of [
      ['activity.type ==', /^invalid scope: unexpected end of the scope/],
      ["activity.kind == 'SIGN_TRANSACTION'", /unknown field 'activity.kind'/],
      ['activity.type == "ACTIVITY_TYPE_SIGN_TRANSACTION_V2"', /single quotes/],
      [`eth.tx.to == '${getAddress(recipient)}'`, /40 lowercase hex digits/],
    ] as const) {
      const answer = await createProfile({ scope })
      expect(answer.status, scope).toBe(400)
      expect(answer.body.code).toBe(3)
      expect(answer.body.message).toMatch(reason)
    }
    expect(await parentProfiles()).toEqual(before)
  })

  it('refuses a bad expiration, and a sub-organization', async () => {
    const expiration = await createProfile({
      scope: 'true',
      expirationSeconds: '0',
    })
    expect(expiration.status).toBe(400)
    const user = await signUp(vendor, 'subprofile')
    const inSubOrganization = await submit(
      'create_session_profile',
      'ACTIVITY_TYPE_CREATE_SESSION_PROFILE',
      user.organizationId,
      { sessionProfileName: 'Mine', scope: 'true' },
      user.passkey.stamper(),
    )
    expect(inSubOrganization.status).toBe(400)
    expect(inSubOrganization.body.message).toMatch(
      /belong to the parent organization/,
    )
  })
})

describe('a session key under the signing profile', () => {
  let user: User
  let session: Awaited<ReturnType<typeof logIn>>
  beforeAll(async () => {
    user = await signUp(vendor, 'signer')
    session = await logIn(user, { sessionProfileId: signingProfile })
  })

  it("carries the profile in its session JWT, as the vendor's claims", async () => {
    expect(
      await verifySessionJwtSignature(
        session.session,
        vendor.notarizerPublicKey,
      ),
    ).toBe(true)
    // The vendor's SDK reads the payload with atob.
    expect(session.session.split('.')[1]).not.toMatch(/[-_]/)
    expect(claimsOf(session.session)).toMatchObject({
      public_key: session.publicKey,
      session_type: 'Signing session',
      session_profile_id: signingProfile,
      scope: signingSessionScope,
      user_id: user.userId,
      organization_id: user.organizationId,
    })
  })

  it('is refused every signature it could keep past the session: raw payloads, an EIP-7702 authorization in either form, signed transactions', async () => {
    const authorization = {
      address: getAddress(`0x${'a7'.repeat(20)}`),
      chainId: 0,
      nonce: 0,
    }
    const { payload, ...rest } = rawPayload(user)
    const attempts: [string, string, Record<string, unknown>][] = [
      [
        'sign_raw_payload',
        'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
        rawPayload(user),
      ],
      [
        'sign_raw_payload',
        'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
        { ...rawPayload(user), payload: hashAuthorization(authorization) },
      ],
      [
        'sign_raw_payload',
        'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
        {
          ...rest,
          payload: JSON.stringify(authorization),
          encoding: 'PAYLOAD_ENCODING_EIP7702_AUTHORIZATION',
          hashFunction: 'HASH_FUNCTION_KECCAK256',
        },
      ],
      [
        'sign_raw_payloads',
        'ACTIVITY_TYPE_SIGN_RAW_PAYLOADS',
        { ...rest, payloads: [payload, payload] },
      ],
    ]
    for (const [name, type, parameters] of attempts)
      expectRefused(
        await submit(
          name,
          type,
          user.organizationId,
          parameters,
          session.stamper,
        ),
        'Signing session',
        `does not allow ${type}`,
      )
    expectRefused(
      await signTransaction(user, session.stamper, unsignedTransaction()),
      'Signing session',
      'does not allow ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
    )
  })

  it('reads what a signing session needs, and nothing else', async () => {
    const organizationId = user.organizationId
    for (const [name, body] of [
      ['whoami', {}],
      ['get_api_keys', { userId: user.userId }],
      ['list_wallets', {}],
      ['list_wallet_accounts', {}],
    ] as const)
      expect(
        (await query(name, { organizationId, ...body }, session.stamper))
          .status,
        name,
      ).toBe(200)
    for (const [name, body] of [
      ['list_users', {}],
      ['get_user', { userId: user.userId }],
      ['get_authenticators', { userId: user.userId }],
      ['list_activities', {}],
    ] as const)
      expectRefused(
        await query(name, { organizationId, ...body }, session.stamper),
        'Signing session',
        `not ${name}`,
      )
  })

  it('reads exactly the routes that open to session keys', async () => {
    const { organizationId, userId } = user
    const opened: string[] = []
    for (const [name, endpoint] of Object.entries(routes.query)) {
      // Each field the published schema requires, so the scope is what answers.
      const schema = requestSchema(publicApi, `/public/v1/query/${name}`)!
      const request = schema.$ref
        ? publicApi.definitions[schema.$ref.split('/').at(-1)!]!
        : schema
      const body: Record<string, unknown> = { organizationId }
      for (const field of request.required ?? [])
        body[field] ??=
          request.properties?.[field]?.enum?.[0] ??
          (field === 'userId' ? userId : randomUUID())
      const answer = await query(name, body, session.stamper)
      if (!endpoint.sessionKeyReads)
        expectRefused(answer, 'Signing session', `not ${name}`)
      else {
        expect(
          answer.status,
          `${name}: ${JSON.stringify(answer.body)}`,
        ).not.toBe(403)
        opened.push(name)
      }
    }
    // The reads the pack's signing session makes.
    expect(opened).toEqual(
      expect.arrayContaining([
        'whoami',
        'get_activity',
        'get_send_transaction_status',
        'get_nonces',
      ]),
    )
  })

  it('is refused, before the endpoint runs, anything that is not signing', async () => {
    const { userId, organizationId } = user
    const { body } = await query(
      'list_wallets',
      { organizationId },
      session.stamper,
    )
    const walletId = body.wallets[0].walletId as string
    const attempts: [string, string, Record<string, unknown>][] = [
      [
        'create_api_keys',
        'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
        {
          userId,
          apiKeys: [
            {
              apiKeyName: 'more',
              publicKey: p256Key().publicKey,
              curveType: 'API_KEY_CURVE_P256',
            },
          ],
        },
      ],
      [
        'create_authenticators',
        'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
        { userId, authenticators: [new SoftwareAuthenticator().register()] },
      ],
      [
        'update_user',
        'ACTIVITY_TYPE_UPDATE_USER',
        { userId, userEmail: 'thief@example.com', userTagIds: [] },
      ],
      [
        'export_wallet',
        'ACTIVITY_TYPE_EXPORT_WALLET',
        {
          walletId,
          targetPublicKey: generateP256KeyPair().publicKeyUncompressed,
        },
      ],
      [
        'stamp_login',
        'ACTIVITY_TYPE_STAMP_LOGIN',
        { publicKey: p256Key().publicKey },
      ],
    ]
    for (const [name, type, parameters] of attempts)
      expectRefused(
        await submit(name, type, organizationId, parameters, session.stamper),
        'Signing session',
        `does not allow ${type}`,
      )
    // Nothing changed: same keys, passkeys and email, no export.
    const { body: after } = await query(
      'get_user',
      { organizationId, userId },
      user.passkey.stamper(),
    )
    expect(after.user.apiKeys).toHaveLength(1)
    expect(after.user.authenticators).toHaveLength(1)
    expect(after.user.userEmail).toBe(user.email)
    const { body: wallets } = await query(
      'list_wallets',
      { organizationId },
      session.stamper,
    )
    expect(wallets.wallets[0].exported).toBe(false)
    // The sandbox has no policy activities: create_policy is answered "not
    // implemented" before any stamp is read, whoever asks (the scope refuses
    // ACTIVITY_TYPE_CREATE_POLICY_V3 all the same: policyLanguage.test.ts).
    const policy = await submit(
      'create_policy',
      'ACTIVITY_TYPE_CREATE_POLICY_V3',
      organizationId,
      {
        policyName: 'allow all',
        effect: 'EFFECT_ALLOW',
        condition: 'true',
        consensus: 'true',
        notes: '',
      },
      session.stamper,
    )
    expect(policy.status).toBe(501)
  })

  it('revokes itself', async () => {
    const own = await logIn(user, { sessionProfileId: signingProfile })
    const { body } = await query(
      'get_api_keys',
      { organizationId: user.organizationId, userId: user.userId },
      own.stamper,
    )
    const apiKeyId = body.apiKeys.find(
      (key: { credential: { publicKey: string } }) =>
        key.credential.publicKey === own.publicKey,
    ).apiKeyId
    completed(
      await submit(
        'delete_api_keys',
        'ACTIVITY_TYPE_DELETE_API_KEYS',
        user.organizationId,
        { userId: user.userId, apiKeyIds: [apiKeyId] },
        own.stamper,
      ),
      'deleteApiKeysResult',
    )
    const after = await query(
      'whoami',
      { organizationId: user.organizationId },
      own.stamper,
    )
    expect(after.status).toBe(401)
  })
})

describe('a narrower profile', () => {
  const scope = `eth.tx.to == '${recipient}' && eth.tx.value <= 1000000000000000000 && eth.tx.chain_id == 1`

  it('signs the transactions inside its scope only', async () => {
    const { sessionProfileId } = completed(
      await createProfile({ sessionProfileName: 'One recipient', scope }),
      'createSessionProfileResult',
    )
    const user = await signUp(vendor, 'narrow')
    const { stamper } = await logIn(user, { sessionProfileId })

    for (const inside of [
      unsignedTransaction(),
      unsignedTransaction({ value: parseEther('1') }),
      `0x${unsignedTransaction()}`,
    ])
      completed(
        await signTransaction(user, stamper, inside),
        'signTransactionResult',
      )
    for (const outside of [
      unsignedTransaction({ to: getAddress(`0x${'1'.repeat(40)}`) }),
      unsignedTransaction({ value: parseEther('1') + 1n }),
      unsignedTransaction({ chainId: 8453 }),
    ])
      expectRefused(
        await signTransaction(user, stamper, outside),
        'One recipient',
        'does not allow ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
      )
    // eth.tx exists for sign_transaction alone: the scope errs, which denies.
    expectRefused(
      await submit(
        'sign_raw_payload',
        'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
        user.organizationId,
        rawPayload(user),
        stamper,
      ),
      'One recipient',
      'cannot be evaluated for ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
    )
    expectRefused(
      await signTransaction(user, stamper, 'not a transaction'),
      'One recipient',
      'the unsigned transaction does not parse',
    )
  })
})

describe('a scope that reads the request', () => {
  const mail = (user: User, primaryType: string) => ({
    signWith: user.address,
    payload: JSON.stringify({
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }],
        [primaryType]: [{ name: 'contents', type: 'string' }],
      },
      primaryType,
      domain: { name: 'Mail' },
      message: { contents: 'hello' },
    }),
    encoding: 'PAYLOAD_ENCODING_EIP712',
    hashFunction: 'HASH_FUNCTION_NO_OP',
  })

  it('typed data by its encoding and primary type: a raw digest has no typed data, which denies', async () => {
    const { sessionProfileId } = completed(
      await createProfile({
        sessionProfileName: 'Typed data but permits',
        scope:
          "activity.type == 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2' && activity.params.encoding == 'PAYLOAD_ENCODING_EIP712' && activity.params.hash_function == 'HASH_FUNCTION_NO_OP' && !(eth.eip_712.primary_type in ['Permit', 'PermitSingle'])",
      }),
      'createSessionProfileResult',
    )
    const user = await signUp(vendor, 'typed')
    const { stamper } = await logIn(user, { sessionProfileId })
    const sign = (parameters: Record<string, unknown>) =>
      submit(
        'sign_raw_payload',
        'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
        user.organizationId,
        parameters,
        stamper,
      )
    completed(await sign(mail(user, 'Mail')), 'signRawPayloadResult')
    expectRefused(
      await sign(mail(user, 'Permit')),
      'Typed data but permits',
      'does not allow ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
    )
    expectRefused(
      await sign(rawPayload(user)),
      'Typed data but permits',
      'eth.eip_712 is the typed data of ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2 with PAYLOAD_ENCODING_EIP712',
    )
    expectRefused(
      await signTransaction(user, stamper, unsignedTransaction()),
      'Typed data but permits',
      'activity.params.encoding is a parameter of a raw payload, not of ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
    )
  })

  it('the one call of eth_send_transaction as eth.tx: a batch of several calls has none, which denies', async () => {
    const { sessionProfileId } = completed(
      await createProfile({
        sessionProfileName: 'Sends to one recipient',
        scope: `activity.type == 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2' && eth.tx.to == '${recipient}' && eth.tx.value <= 1000 && eth.tx.chain_id == 1`,
      }),
      'createSessionProfileResult',
    )
    const user = await signUp(vendor, 'sends')
    const { stamper } = await logIn(user, { sessionProfileId })
    const send = (calls: Record<string, unknown>[], caip2 = 'eip155:1') =>
      submit(
        'eth_send_transaction',
        'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2',
        user.organizationId,
        { from: user.address, caip2, calls },
        stamper,
      )
    const call = { to: getAddress(recipient), value: '1000' }
    // Inside the scope, the request reaches the endpoint (whatever the chain then answers).
    expect((await send([call])).status).not.toBe(403)
    for (const [calls, caip2] of [
      [[{ ...call, to: getAddress(`0x${'1'.repeat(40)}`) }], 'eip155:1'],
      [[{ ...call, value: '1001' }], 'eip155:1'],
      [[call], 'eip155:8453'],
    ] as const)
      expectRefused(
        await send([...calls], caip2),
        'Sends to one recipient',
        'does not allow ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2',
      )
    expectRefused(
      await send([call, call]),
      'Sends to one recipient',
      'a batch of several calls has none',
    )
  })

  it('whether a send asks the Gas Station to pay: a request that does not say has no activity.params.sponsor, which denies', async () => {
    const { sessionProfileId } = completed(
      await createProfile({
        sessionProfileName: 'Sends the user pays',
        scope:
          "activity.type == 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2' && activity.params.sponsor == false",
      }),
      'createSessionProfileResult',
    )
    const user = await signUp(vendor, 'unsponsored')
    const { stamper } = await logIn(user, { sessionProfileId })
    const send = (sponsor: Record<string, unknown>) =>
      submit(
        'eth_send_transaction',
        'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2',
        user.organizationId,
        {
          from: user.address,
          caip2: 'eip155:1',
          ...sponsor,
          calls: [{ to: getAddress(recipient), value: '1' }],
        },
        stamper,
      )
    expect((await send({ sponsor: false })).status).not.toBe(403)
    expectRefused(
      await send({ sponsor: true }),
      'Sends the user pays',
      'does not allow ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2',
    )
    expectRefused(
      await send({}),
      'Sends the user pays',
      'the request has no activity.params.sponsor',
    )
    expectRefused(
      await signTransaction(user, stamper, unsignedTransaction()),
      'Sends the user pays',
      'activity.params.sponsor is a parameter of ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2, not of ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
    )
  })
})

describe('login under a profile', () => {
  it("lasts the shorter of the login's and the profile's expiration", async () => {
    const { sessionProfileId } = completed(
      await createProfile({ scope: 'true', expirationSeconds: '600' }),
      'createSessionProfileResult',
    )
    const user = await signUp(vendor, 'expiring')
    for (const [asked, lifetime] of [
      [undefined, 600],
      ['900', 600],
      ['300', 300],
    ] as const) {
      const issuedAtS = Math.floor(vendor.clock.now() / 1000)
      const login = await logIn(user, {
        sessionProfileId,
        ...(asked && { expirationSeconds: asked }),
      })
      const { exp } = claimsOf(login.session)
      expect(exp - issuedAtS, `asked ${asked}`).toBeGreaterThanOrEqual(lifetime)
      expect(exp - issuedAtS).toBeLessThanOrEqual(lifetime + 1)
      const { body } = await query(
        'get_api_keys',
        { organizationId: user.organizationId, userId: user.userId },
        user.passkey.stamper(),
      )
      expect(
        body.apiKeys.find(
          (key: { credential: { publicKey: string } }) =>
            key.credential.publicKey === login.publicKey,
        ).expirationSeconds,
      ).toBe(String(lifetime))
    }
  })

  it('refuses an unknown profile and adds no key', async () => {
    const user = await signUp(vendor, 'unknownprofile')
    const answer = await submit(
      'stamp_login',
      'ACTIVITY_TYPE_STAMP_LOGIN',
      user.organizationId,
      { publicKey: p256Key().publicKey, sessionProfileId: crypto.randomUUID() },
      user.passkey.stamper(),
    )
    expect(answer.status).toBe(404)
    expect(answer.body.message).toBe(
      'no session profile found with the given ID',
    )
    const { body } = await query(
      'get_api_keys',
      { organizationId: user.organizationId, userId: user.userId },
      user.passkey.stamper(),
    )
    expect(body.apiKeys).toEqual([])
  })

  it('without a profile gives a key that does what it did before', async () => {
    const user = await signUp(vendor, 'unscoped')
    const login = await logIn(user)
    const claims = claimsOf(login.session)
    expect(claims.session_type).toBe('SESSION_TYPE_READ_WRITE')
    expect(claims).not.toHaveProperty('session_profile_id')
    expect(claims).not.toHaveProperty('scope')
    expect(
      (
        await query(
          'list_users',
          { organizationId: user.organizationId },
          login.stamper,
        )
      ).status,
    ).toBe(200)
    completed(
      await submit(
        'create_api_keys',
        'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
        user.organizationId,
        {
          userId: user.userId,
          apiKeys: [
            {
              apiKeyName: 'another',
              publicKey: p256Key().publicKey,
              curveType: 'API_KEY_CURVE_P256',
            },
          ],
        },
        login.stamper,
      ),
      'createApiKeysResult',
    )
  })
})

describe('otp_login with sessionProfileId', () => {
  /** The email OTP flow up to its verification token, bound to `key`. */
  async function verifyEmail(email: string, key: ReturnType<typeof p256Key>) {
    const { otpId, otpEncryptionTargetBundle } = completed(
      await submit(
        'init_otp',
        'ACTIVITY_TYPE_INIT_OTP_V3',
        vendor.parentOrganizationId,
        { otpType: 'OTP_TYPE_EMAIL', contact: email, appName: 'Sandbox' },
        parentKey(),
      ),
      'initOtpResultV2',
    )
    const { verificationToken } = completed(
      await submit(
        'verify_otp',
        'ACTIVITY_TYPE_VERIFY_OTP_V2',
        vendor.parentOrganizationId,
        {
          otpId,
          encryptedOtpBundle: await encryptOtpCodeToBundle(
            (await lastEmail(vendor, email)).secret,
            otpEncryptionTargetBundle,
            key.publicKey,
            vendor.signerPublicKey,
          ),
        },
        parentKey(),
      ),
      'verifyOtpResult',
    )
    return verificationToken as string
  }

  /** The login as the Auth Proxy sends it: the parent's key, the token key's signature. */
  function otpLogin(
    user: User,
    key: ReturnType<typeof p256Key>,
    verificationToken: string,
    sessionProfileId: string,
  ) {
    const message = JSON.stringify({
      login: { publicKey: key.publicKey },
      tokenId: claimsOf(verificationToken).id,
      type: 'USAGE_TYPE_LOGIN',
    })
    return submit(
      'otp_login',
      'ACTIVITY_TYPE_OTP_LOGIN_V2',
      user.organizationId,
      {
        verificationToken,
        publicKey: key.publicKey,
        clientSignature: {
          publicKey: key.publicKey,
          scheme: 'CLIENT_SIGNATURE_SCHEME_API_P256',
          message,
          signature: key.signRaw(message),
        },
        sessionProfileId,
      },
      parentKey(),
    )
  }

  it('issues a session key bound by the profile', async () => {
    const user = await signUp(vendor, 'otpsigner')
    const key = p256Key()
    const token = await verifyEmail(user.email, key)

    const unknown = await otpLogin(user, key, token, crypto.randomUUID())
    expect(unknown.status).toBe(404)
    // The refused login spent nothing: the token still logs in.
    const { session } = completed(
      await otpLogin(user, key, token, signingProfile),
      'otpLoginResult',
    )
    expect(claimsOf(session)).toMatchObject({
      session_type: 'Signing session',
      session_profile_id: signingProfile,
      scope: signingSessionScope,
      organization_id: user.organizationId,
    })
    expect(
      (
        await query(
          'whoami',
          { organizationId: user.organizationId },
          key.stamper,
        )
      ).status,
    ).toBe(200)
    expectRefused(
      await submit(
        'create_authenticators',
        'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
        user.organizationId,
        {
          userId: user.userId,
          authenticators: [new SoftwareAuthenticator().register()],
        },
        key.stamper,
      ),
      'Signing session',
      'does not allow ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
    )
  })
})
