import {
  decryptCredentialBundle,
  generateP256KeyPair,
  getPublicKey,
} from '@turnkey/crypto'
import { TurnkeyClient } from '@turnkey/http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startVendor, type Vendor } from '../../sandbox/turnkey/startVendor.js'
import {
  createPasskeyBackend,
  type PasskeyBackend,
} from '../../src/exports/server.js'
import { SoftwareAuthenticator } from '../helpers/softwareAuthenticator.js'
import { backendClient, keyClient } from '../helpers/vendorUsers.js'

/*
 * wagmi-connector-pack/server against the vendor emulator (as strict as the
 * vendor's published schema): what sign-up creates, what recovery start
 * sends, and what an unknown email gets.
 */

let vendor: Vendor
let backend: PasskeyBackend
beforeAll(async () => {
  vendor = await startVendor()
  backend = createPasskeyBackend({
    organizationId: vendor.parentOrganizationId,
    apiPublicKey: vendor.parentApiKey.publicKey,
    apiPrivateKey: vendor.parentApiKey.privateKey,
    apiBaseUrl: vendor.url,
    appName: 'Server test',
  })
})
afterAll(() => vendor.stop())
beforeEach(async () => {
  const reset = await fetch(`${vendor.url}/sandbox/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  expect(reset.status).toBe(200)
})

const post = (path: string, body: unknown) =>
  new Request(`http://localhost:3000${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

async function sandbox<result>(path: string): Promise<result> {
  const response = await fetch(`${vendor.url}${path}`)
  expect(response.status).toBe(200)
  return (await response.json()) as result
}

const outbox = (to: string) =>
  sandbox<{ emails: { kind: string; secret: string }[] }>(
    `/sandbox/outbox?to=${encodeURIComponent(to)}`,
  ).then(({ emails }) => emails)

const activities = () =>
  sandbox<{ activities: { type: string; intent: any; status: string }[] }>(
    '/sandbox/activities',
  ).then((answer) => answer.activities)

/** Sign-up as passkeyWallet does it: a new passkey, then createAccount's request to the backend. */
async function signUp(userName: string, email?: string) {
  const passkey = new SoftwareAuthenticator()
  const { challenge, attestation } = passkey.register()
  const response = await backend.signUp(
    post('/api/create-account', { userName, email, challenge, attestation }),
  )
  return { passkey, attestation, response }
}

const newTargetKey = () => {
  const key = generateP256KeyPair()
  return { privateKey: key.privateKey, publicKey: key.publicKeyUncompressed }
}

describe('signUp', () => {
  it("creates the user's sub-organization: the passkey, the email, an Ethereum account at m/44'/60'/0'/0/0", async () => {
    const { passkey, attestation, response } = await signUp(
      'ada',
      'Ada@Example.com',
    )
    expect(response.status).toBe(200)
    const body = (await response.json()) as { subOrganizationId: string }
    expect(Object.keys(body)).toEqual(['subOrganizationId'])
    const { subOrganizationId } = body

    // The passkey acts on the new sub-organization, as passkeyWallet then does.
    const client = new TurnkeyClient({ baseUrl: vendor.url }, passkey.stamper())
    const whoami = await client.getWhoami({
      organizationId: vendor.parentOrganizationId,
    })
    expect(whoami.organizationId).toBe(subOrganizationId)
    const { accounts } = await client.getWalletAccounts({
      organizationId: subOrganizationId,
    })
    expect(accounts).toHaveLength(1)
    expect(accounts[0]).toMatchObject({
      curve: 'CURVE_SECP256K1',
      pathFormat: 'PATH_FORMAT_BIP32',
      path: "m/44'/60'/0'/0/0",
      addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
    })
    expect(accounts[0]!.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const { user } = await client.getUser({
      organizationId: subOrganizationId,
      userId: whoami.userId,
    })
    expect(user.userName).toBe('ada')
    expect(user.userEmail).toBe('ada@example.com')
    expect(user.authenticators.map((a) => a.credentialId)).toEqual([
      attestation.credentialId,
    ])

    // One activity, as the vendor's schema has it.
    const done = await activities()
    expect(done.map((a) => [a.type, a.status])).toEqual([
      ['ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8', 'ACTIVITY_STATUS_COMPLETED'],
    ])
    expect(
      done[0]!.intent.createSubOrganizationIntentV8.rootQuorumThreshold,
    ).toBe(1)
    const { organizationIds } = await backendClient(vendor).getSubOrgIds({
      organizationId: vendor.parentOrganizationId,
      filterType: 'EMAIL',
      filterValue: 'ada@example.com',
    })
    expect(organizationIds).toEqual([subOrganizationId])
  })

  it('creates an account without email when none is given', async () => {
    const { passkey, response } = await signUp('grace')
    expect(response.status).toBe(200)
    const client = new TurnkeyClient({ baseUrl: vendor.url }, passkey.stamper())
    const whoami = await client.getWhoami({
      organizationId: vendor.parentOrganizationId,
    })
    const { user } = await client.getUser({
      organizationId: whoami.organizationId,
      userId: whoami.userId,
    })
    expect(user.userEmail ?? '').toBe('')
  })

  it("answers the vendor's refusal as 502 with its reason, and creates nothing", async () => {
    const passkey = new SoftwareAuthenticator()
    const { challenge, attestation } = passkey.register()
    // Well-formed base64url, but no attestation object the vendor can read.
    const response = await backend.signUp(
      post('/api/create-account', {
        userName: 'mallory',
        challenge,
        attestation: {
          ...attestation,
          attestationObject: Buffer.alloc(64, 7).toString('base64url'),
        },
      }),
    )
    const body = (await response.json()) as { code: string; message: string }
    expect(response.status).toBe(502)
    expect(body.code).toBe('vendor_error')
    expect(body.message).toMatch(/^The vendor refused the request \(HTTP 400/)
    expect(await activities()).toEqual([])
  })
})

describe('startRecovery', () => {
  it.each([
    ['passkey', 'recovery', 'CREDENTIAL_TYPE_RECOVER_USER_KEY_P256'],
    ['email', 'email_auth', 'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256'],
  ] as const)(
    '%s: the vendor emails a code for the account, and the answer names its user and sub-organization',
    async (type, kind, credentialType) => {
      const email = `${type}-user@example.com`
      const { passkey, response } = await signUp('ada', email)
      const { subOrganizationId } = (await response.json()) as {
        subOrganizationId: string
      }
      const passkeyClient = new TurnkeyClient(
        { baseUrl: vendor.url },
        passkey.stamper(),
      )
      const { userId } = await passkeyClient.getWhoami({
        organizationId: vendor.parentOrganizationId,
      })

      const target = newTargetKey()
      const answer = await backend.startRecovery(
        post('/api/start-recovery', {
          email: email.toUpperCase(),
          type,
          targetPublicKey: target.publicKey,
        }),
      )
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual({
        userId,
        organizationId: subOrganizationId,
      })
      const emails = await outbox(email)
      expect(emails.map((e) => e.kind)).toEqual([kind])

      // The code opens a key of the right kind for that user, encrypted to the page's key.
      const codeKey = decryptCredentialBundle(
        emails[0]!.secret,
        target.privateKey,
      )
      const { user } = await backendClient(vendor).getUser({
        organizationId: subOrganizationId,
        userId,
      })
      const codePublicKey = Buffer.from(getPublicKey(codeKey, true)).toString(
        'hex',
      )
      const listed = user.apiKeys.find(
        (k) => k.credential.publicKey === codePublicKey,
      )
      expect(listed?.credential.type).toBe(credentialType)
      expect(listed?.expirationSeconds).toBe(
        type === 'passkey' ? '900' : '1800',
      )
      if (type === 'email') {
        const whoami = await keyClient(vendor, codeKey).getWhoami({
          organizationId: vendor.parentOrganizationId,
        })
        expect(whoami).toMatchObject({
          organizationId: subOrganizationId,
          userId,
        })
      }
      const sent = (await activities()).filter(
        (a) => a.type !== 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
      )
      expect(sent.map((a) => a.type)).toEqual([
        type === 'passkey'
          ? 'ACTIVITY_TYPE_INIT_USER_EMAIL_RECOVERY_V2'
          : 'ACTIVITY_TYPE_EMAIL_AUTH_V3',
      ])
    },
  )

  it('answers an unknown email with the same shape, sends nothing and does nothing', async () => {
    const { response } = await signUp('ada', 'known@example.com')
    expect(response.status).toBe(200)
    const before = await activities()
    const ask = (email: string, type: string) =>
      backend.startRecovery(
        post('/api/start-recovery', {
          email,
          type,
          targetPublicKey: newTargetKey().publicKey,
        }),
      )
    const known = await ask('known@example.com', 'passkey')
    const unknown = await ask('nobody@example.com', 'passkey')
    expect(unknown.status).toBe(known.status)
    expect([...unknown.headers].map(([name]) => name)).toEqual(
      [...known.headers].map(([name]) => name),
    )
    const [knownBody, unknownBody] = (await Promise.all([
      known.json(),
      unknown.json(),
    ])) as Record<string, string>[]
    expect(Object.keys(unknownBody!)).toEqual(Object.keys(knownBody!))
    const uuid =
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
    expect(unknownBody!.userId).toMatch(uuid)
    expect(unknownBody!.organizationId).toMatch(uuid)
    // Asked again, the unknown email gets the same ids, as a real account would.
    expect(await (await ask('nobody@example.com', 'email')).json()).toEqual(
      unknownBody,
    )
    expect(await outbox('nobody@example.com')).toEqual([])
    const after = await activities()
    expect(after.length - before.length).toBe(1)
  })
})
