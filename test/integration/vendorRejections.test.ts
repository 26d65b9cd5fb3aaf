import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { maxBodyBytes } from '../../sandbox/turnkey/createVendorServer.js'
import { publicApi } from '../../sandbox/turnkey/openapi/documents.js'
import { findRoute } from '../../sandbox/turnkey/routes.js'
import {
  type ApiKeyPair,
  generateApiKeyPair,
  startVendor,
  type Vendor,
} from '../../sandbox/turnkey/startVendor.js'
import { SoftwareAuthenticator } from '../helpers/softwareAuthenticator.js'
import {
  activityBody,
  apiKeyStamp,
  postToVendor,
  vendorRefusal as refused,
  signUp,
  passkeyStamp as stampedByPasskey,
} from '../helpers/vendorUsers.js'

let vendor: Vendor
let user: {
  organizationId: string
  userId: string
  passkey: SoftwareAuthenticator
}
let neighbour: { organizationId: string }

const keyStamp = (body: string, key: ApiKeyPair = vendor.parentApiKey) =>
  apiKeyStamp(body, key)
const passkeyStamp = (
  body: string,
  options: { rpId?: string; counter?: number } = {},
) => stampedByPasskey(user.passkey, body, options)

/** A user tag of its own each time: no activity is refused as a repeat. */
const activity = (organizationId: string, timestampMs = vendor.clock.now()) =>
  JSON.stringify(
    activityBody(
      'ACTIVITY_TYPE_CREATE_USER_TAG',
      organizationId,
      { userTagName: `tag-${Math.random()}`, userIds: [] },
      timestampMs,
    ),
  )

/** A bare user with this passkey: no email, no wallet. */
const createSubOrg = (name: string, passkey: SoftwareAuthenticator) =>
  signUp(vendor, name, passkey, { email: false, wallet: false })

beforeAll(async () => {
  vendor = await startVendor()
  const passkey = new SoftwareAuthenticator()
  user = await createSubOrg('ada', passkey)
  neighbour = await createSubOrg('eve', new SoftwareAuthenticator())
})
afterAll(() => vendor.stop())

describe('the vendor emulator refuses, with the vendor code and status', () => {
  it('a body changed after stamping', async () => {
    const body = activity(vendor.parentOrganizationId)
    const stamp = await keyStamp(body)
    const tampered = body.replace('tag-', 'tog-')
    expect(
      await postToVendor(
        vendor,
        '/public/v1/submit/create_user_tag',
        tampered,
        stamp,
      ),
    ).toEqual(refused(401, 16, 'could not verify api key signature'))
  })

  it('an unknown key', async () => {
    const body = activity(vendor.parentOrganizationId)
    const result = await postToVendor(
      vendor,
      '/public/v1/submit/create_user_tag',
      body,
      await keyStamp(body, generateApiKeyPair()),
    )
    expect(result).toEqual(
      refused(
        401,
        16,
        'could not find public key in organization or its parent organization',
      ),
    )
  })

  it('an expired session key', async () => {
    const sessionKey = generateApiKeyPair()
    const create = JSON.stringify({
      type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
      timestampMs: String(vendor.clock.now()),
      organizationId: user.organizationId,
      parameters: {
        userId: user.userId,
        apiKeys: [
          {
            apiKeyName: 'session',
            publicKey: sessionKey.publicKey,
            curveType: 'API_KEY_CURVE_P256',
            expirationSeconds: '900',
          },
        ],
      },
    })
    expect(
      (
        await postToVendor(
          vendor,
          '/public/v1/submit/create_api_keys',
          create,
          passkeyStamp(create),
        )
      ).status,
    ).toBe(200)
    const whoami = JSON.stringify({ organizationId: user.organizationId })
    expect(
      (
        await postToVendor(
          vendor,
          '/public/v1/query/whoami',
          whoami,
          await keyStamp(whoami, sessionKey),
        )
      ).status,
    ).toBe(200)
    vendor.clock.advance(900_000)
    expect(
      await postToVendor(
        vendor,
        '/public/v1/query/whoami',
        whoami,
        await keyStamp(whoami, sessionKey),
      ),
    ).toEqual(refused(401, 16, 'expired api key'))
  })

  it('a stale or future timestamp', async () => {
    for (const timestampMs of [
      vendor.clock.now() - 61 * 60_000,
      vendor.clock.now() + 6 * 60_000,
    ]) {
      const body = activity(vendor.parentOrganizationId, timestampMs)
      const result = await postToVendor(
        vendor,
        '/public/v1/submit/create_user_tag',
        body,
        await keyStamp(body),
      )
      expect(result.status).toBe(400)
      expect(result.body.code).toBe(3)
      expect(result.body.message).toMatch(/invalid timestamp/)
    }
  })

  it('a credential acting on an organization that is not its own', async () => {
    const onNeighbour = activity(neighbour.organizationId)
    expect(
      await postToVendor(
        vendor,
        '/public/v1/submit/create_user_tag',
        onNeighbour,
        passkeyStamp(onNeighbour),
      ),
    ).toEqual(
      refused(
        401,
        16,
        'credential ID could not be found in organization or its parent organization',
      ),
    )
    // A sub-org passkey may ask the parent "who am I", but not act on it.
    const onParent = activity(vendor.parentOrganizationId)
    expect(
      await postToVendor(
        vendor,
        '/public/v1/submit/create_user_tag',
        onParent,
        passkeyStamp(onParent),
      ),
    ).toEqual(refused(403, 7, 'request not authorized'))
    // The parent's key may read a sub-org, but not act in it.
    const parentActs = activity(user.organizationId)
    expect(
      await postToVendor(
        vendor,
        '/public/v1/submit/create_user_tag',
        parentActs,
        await keyStamp(parentActs),
      ),
    ).toEqual(refused(403, 7, 'request not authorized'))
  })

  it('an unknown path, and a vendor path the sandbox does not implement', async () => {
    const body = JSON.stringify({ organizationId: vendor.parentOrganizationId })
    expect(
      await postToVendor(
        vendor,
        '/public/v1/query/get_everything',
        body,
        await keyStamp(body),
      ),
    ).toEqual(refused(404, 5, 'unknown path'))
    // Every path of the published schema the sandbox does not serve.
    const unserved = Object.keys(publicApi.paths).filter(
      (path) => !findRoute(path),
    )
    expect(unserved).toEqual(
      expect.arrayContaining([
        '/public/v1/query/list_policies',
        '/public/v1/query/get_wallet_account',
        '/tkhq/api/v1/test_rate_limits',
      ]),
    )
    for (const path of unserved)
      expect(
        await postToVendor(vendor, path, body, await keyStamp(body)),
        path,
      ).toEqual(refused(501, 12, `${path} is not implemented in the sandbox`))
  })

  it('malformed JSON, a missing or malformed organization, and no stamp', async () => {
    const broken = '{"organizationId": '
    expect(
      await postToVendor(
        vendor,
        '/public/v1/query/whoami',
        broken,
        await keyStamp(broken),
      ),
    ).toEqual(refused(400, 3, 'bad request body'))
    const malformed = JSON.stringify({ organizationId: 'org-1' })
    expect(
      (
        await postToVendor(
          vendor,
          '/public/v1/query/whoami',
          malformed,
          await keyStamp(malformed),
        )
      ).body.message,
    ).toBe('malformed organization ID provided')
    const unknown = JSON.stringify({
      organizationId: '00000000-0000-4000-8000-000000000000',
    })
    expect(
      await postToVendor(
        vendor,
        '/public/v1/query/whoami',
        unknown,
        await keyStamp(unknown),
      ),
    ).toEqual(refused(404, 5, 'no organization found with the given ID'))
    const body = JSON.stringify({ organizationId: vendor.parentOrganizationId })
    expect(await postToVendor(vendor, '/public/v1/query/whoami', body)).toEqual(
      refused(
        401,
        16,
        'cannot authenticate public API activity request without a stamp (X-Stamp/X-Stamp-Webauthn header)',
      ),
    )
  })

  it('a body over 1 MiB', async () => {
    const body = JSON.stringify({
      organizationId: vendor.parentOrganizationId,
      padding: 'x'.repeat(maxBodyBytes),
    })
    expect(
      await postToVendor(
        vendor,
        '/public/v1/query/whoami',
        body,
        await keyStamp('{}'),
      ),
    ).toEqual(refused(413, 8, 'request body larger than 1 MiB'))
  })

  it('a passkey assertion made for another rp id', async () => {
    const body = JSON.stringify({ organizationId: user.organizationId })
    expect(
      await postToVendor(
        vendor,
        '/public/v1/query/whoami',
        body,
        passkeyStamp(body, { rpId: 'evil.example' }),
      ),
    ).toEqual(refused(401, 16, 'could not verify WebAuthN signature'))
  })

  it('a replayed passkey assertion with an old counter', async () => {
    const body = JSON.stringify({ organizationId: user.organizationId })
    const stamp = passkeyStamp(body)
    expect(
      (await postToVendor(vendor, '/public/v1/query/whoami', body, stamp))
        .status,
    ).toBe(200)
    expect(
      await postToVendor(vendor, '/public/v1/query/whoami', body, stamp),
    ).toEqual(refused(401, 16, 'could not verify WebAuthN signature'))
    const older = passkeyStamp(body, { counter: 1 })
    expect(
      (await postToVendor(vendor, '/public/v1/query/whoami', body, older))
        .status,
    ).toBe(401)
  })

  it('lets local pages through CORS and no one else', async () => {
    const preflight = (origin: string) =>
      fetch(`${vendor.url}/public/v1/query/whoami`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      })
    const local = await preflight('http://localhost:5173')
    expect(local.status).toBe(204)
    expect(local.headers.get('access-control-allow-origin')).toBe(
      'http://localhost:5173',
    )
    expect(local.headers.get('access-control-allow-headers')).toContain(
      'x-stamp-webauthn',
    )
    const remote = await preflight('https://attacker.example')
    expect(remote.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('the vendor emulator answers bad input with a 4xx and changes nothing', () => {
  async function submit(
    name: string,
    type: string,
    parameters: unknown,
    organizationId = user.organizationId,
  ) {
    const body = JSON.stringify({
      type,
      timestampMs: String(vendor.clock.now()),
      organizationId,
      parameters,
    })
    return postToVendor(
      vendor,
      `/public/v1/submit/${name}`,
      body,
      passkeyStamp(body),
    )
  }

  // What a failed request must leave as it was (passkey counters move with every stamp).
  const snapshot = () => {
    const organization = vendor.state.organization(user.organizationId)
    return JSON.stringify({
      users: organization.users.map((u) => ({
        ...u,
        authenticators: u.authenticators.map((a) => a.authenticatorId),
      })),
      wallets: organization.wallets,
    })
  }

  it.each([
    [
      'create_authenticators',
      'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
      () => ({ userId: user.userId, authenticators: [null] }),
    ],
    [
      'create_wallet',
      'ACTIVITY_TYPE_CREATE_WALLET',
      () => ({ walletName: 'w', accounts: [null] }),
    ],
    [
      'create_wallet',
      'ACTIVITY_TYPE_CREATE_WALLET',
      () => ({
        walletName: 'w',
        accounts: [
          {
            curve: 'CURVE_SECP256K1',
            pathFormat: 'PATH_FORMAT_BIP32',
            path: "m/44'/60'/2147483648'/0/0",
            addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
          },
        ],
      }),
    ],
    [
      'update_user',
      'ACTIVITY_TYPE_UPDATE_USER',
      () => ({
        userId: user.userId,
        userName: 'mallory',
        userTagIds: ['no-such-tag'],
      }),
    ],
    [
      'create_authenticators',
      'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
      () => {
        const registration = new SoftwareAuthenticator().register()
        registration.attestation.clientDataJson = Buffer.from(
          JSON.stringify({ type: 'webauthn.create' }),
        ).toString('base64url')
        return { userId: user.userId, authenticators: [registration] }
      },
    ],
  ])('%s with malformed parameters (%#)', async (name, type, parameters) => {
    const before = snapshot()
    const result = await submit(name, type, parameters())
    expect([400, 404]).toContain(result.status)
    expect([3, 5]).toContain(result.body.code)
    expect(snapshot()).toBe(before)
  })

  it('a target key off the curve, before any key is issued', async () => {
    const before = vendor.state.organization(user.organizationId).users[0]!
      .apiKeys.length
    const offCurve = `04${'11'.repeat(64)}`
    const body = JSON.stringify({
      type: 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2',
      timestampMs: String(vendor.clock.now()),
      organizationId: user.organizationId,
      parameters: { targetPublicKey: offCurve },
    })
    expect(
      await postToVendor(
        vendor,
        '/public/v1/submit/create_read_write_session',
        body,
        passkeyStamp(body),
      ),
    ).toEqual(refused(400, 3, 'invalid target public key'))
    expect(
      vendor.state.organization(user.organizationId).users[0]!.apiKeys,
    ).toHaveLength(before)
  })

  it('a bad signature with a known key: 401 before any question of scope', async () => {
    const body = JSON.stringify({
      type: 'ACTIVITY_TYPE_EXPORT_WALLET',
      timestampMs: String(vendor.clock.now()),
      organizationId: user.organizationId,
      parameters: {
        walletId: 'w',
        targetPublicKey: generateApiKeyPair().publicKey,
      },
    })
    const forged = Buffer.from(
      JSON.stringify({
        publicKey: vendor.parentApiKey.publicKey,
        scheme: 'SIGNATURE_SCHEME_TK_API_P256',
        signature:
          '3044022000000000000000000000000000000000000000000000000000000000000000010220000000000000000000000000000000000000000000000000000000000000000001',
      }),
    ).toString('base64url')
    expect(
      await postToVendor(vendor, '/public/v1/submit/export_wallet', body, {
        'X-Stamp': forged,
      }),
    ).toEqual(refused(401, 16, 'could not verify api key signature'))
  })

  it('the same body twice at once: one activity', async () => {
    const body = activity(vendor.parentOrganizationId)
    const stamp = await keyStamp(body)
    const [first, second] = await Promise.all([
      postToVendor(vendor, '/public/v1/submit/create_user_tag', body, stamp),
      postToVendor(vendor, '/public/v1/submit/create_user_tag', body, stamp),
    ])
    const ids = [first, second].map(
      (r) => (r.body as unknown as { activity: { id: string } }).activity.id,
    )
    expect(ids[0]).toBe(ids[1])
    const tagName = JSON.parse(body).parameters.userTagName
    expect(
      vendor.state
        .organization(vendor.parentOrganizationId)
        .userTags.filter((t) => t.userTagName === tagName),
    ).toHaveLength(1)
  })
})
