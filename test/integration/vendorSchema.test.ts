import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicApi } from '../../sandbox/turnkey/openapi/documents.js'
import { validateAgainstSchema } from '../../sandbox/turnkey/openapi/validateAgainstSchema.js'
import { startVendor, type Vendor } from '../../sandbox/turnkey/startVendor.js'
import { SoftwareAuthenticator } from '../helpers/softwareAuthenticator.js'
import {
  activityBody,
  apiKeyStamp,
  backendClient,
  postToVendor,
  signUp,
  passkeyStamp as stampedByPasskey,
  vendorRefusal,
} from '../helpers/vendorUsers.js'

let vendor: Vendor
let passkey: SoftwareAuthenticator
let organizationId: string
let userId: string

const parentStamp = (body: string) => apiKeyStamp(body, vendor.parentApiKey)
const passkeyStamp = (body: string, origin?: string) =>
  stampedByPasskey(passkey, body, origin ? { origin } : {})

const activity = (
  type: string,
  organization: string,
  parameters: Record<string, unknown>,
) =>
  JSON.stringify(
    activityBody(type, organization, parameters, vendor.clock.now()),
  )

const refusedBody = (message: string) => vendorRefusal(400, 3, message)

beforeAll(async () => {
  vendor = await startVendor()
  passkey = new SoftwareAuthenticator()
  ;({ organizationId, userId } = await signUp(vendor, 'ada', passkey, {
    email: false,
    wallet: false,
  }))
})
afterAll(() => vendor.stop())

describe('the vendor emulator is as strict as the vendor’s published schema', () => {
  it('refuses create_api_keys without curveType, naming the field', async () => {
    const body = activity('ACTIVITY_TYPE_CREATE_API_KEYS_V2', organizationId, {
      userId,
      apiKeys: [{ apiKeyName: 'k', publicKey: vendor.parentApiKey.publicKey }],
    })
    expect(
      await postToVendor(
        vendor,
        '/public/v1/submit/create_api_keys',
        body,
        passkeyStamp(body),
      ),
    ).toEqual(
      refusedBody(
        'invalid request body: parameters.apiKeys[0].curveType is required',
      ),
    )
  })

  it('refuses sub-organization root users without their apiKeys, authenticators and oauthProviders', async () => {
    const body = activity(
      'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
      vendor.parentOrganizationId,
      {
        subOrganizationName: 'bob',
        rootQuorumThreshold: 1,
        rootUsers: [{ userName: 'bob' }],
      },
    )
    expect(
      await postToVendor(
        vendor,
        '/public/v1/submit/create_sub_organization',
        body,
        await parentStamp(body),
      ),
    ).toEqual(
      refusedBody(
        'invalid request body: parameters.rootUsers[0].apiKeys is required; parameters.rootUsers[0].authenticators is required; parameters.rootUsers[0].oauthProviders is required',
      ),
    )
    const { organizationIds } = await backendClient(vendor).getSubOrgIds({})
    expect(organizationIds).toEqual([organizationId])
  })

  it('refuses an unknown field and an activity version the schema does not list', async () => {
    const unknownField = JSON.stringify({
      organizationId,
      userId,
      includeEverything: true,
    })
    expect(
      await postToVendor(
        vendor,
        '/public/v1/query/get_user',
        unknownField,
        passkeyStamp(unknownField),
      ),
    ).toEqual(
      refusedBody(
        'invalid request body: includeEverything is not a known field',
      ),
    )
    const oldVersion = activity(
      'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7',
      vendor.parentOrganizationId,
      {
        subOrganizationName: 'bob',
        rootQuorumThreshold: 1,
        rootUsers: [],
      },
    )
    expect(
      await postToVendor(
        vendor,
        '/public/v1/submit/create_sub_organization',
        oldVersion,
        await parentStamp(oldVersion),
      ),
    ).toEqual(
      refusedBody(
        'invalid request body: type must be one of ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
      ),
    )
  })

  it('answers activities the published response schema accepts, with complete votes', async () => {
    const body = activity('ACTIVITY_TYPE_CREATE_USER_TAG', organizationId, {
      userTagName: 'friends',
      userIds: [],
    })
    const answer = await postToVendor(
      vendor,
      '/public/v1/submit/create_user_tag',
      body,
      passkeyStamp(body),
    )
    expect(answer.status).toBe(200)
    expect(
      validateAgainstSchema(
        publicApi,
        { $ref: '#/definitions/v1ActivityResponse' },
        answer.body,
      ),
    ).toEqual([])
    const [vote] = answer.body.activity.votes
    expect(vote).toMatchObject({
      userId,
      user: { userId, userName: 'ada' },
      selection: 'VOTE_SELECTION_APPROVED',
      message: body,
      scheme: 'SIGNATURE_SCHEME_TK_WEBAUTHN',
      activityId: answer.body.activity.id,
    })
  })

  it('refuses a passkey stamp made on another origin than the rp id’s', async () => {
    for (const origin of [
      'https://evil.example',
      'http://localhost.evil.example',
      'http://127.0.0.1:5173',
    ]) {
      const body = JSON.stringify({ organizationId, userId })
      expect(
        await postToVendor(
          vendor,
          '/public/v1/query/get_user',
          body,
          passkeyStamp(body, origin),
        ),
      ).toEqual({
        status: 401,
        body: {
          code: 16,
          message: 'could not verify WebAuthN signature',
          details: [],
        },
      })
    }
    const fromLocalhost = JSON.stringify({ organizationId, userId })
    expect(
      (
        await postToVendor(
          vendor,
          '/public/v1/query/get_user',
          fromLocalhost,
          passkeyStamp(fromLocalhost, 'http://localhost:4173'),
        )
      ).status,
    ).toBe(200)
  })

  it('refuses a passkey registered on another origin than the rp id’s', async () => {
    const elsewhere = new SoftwareAuthenticator({
      origin: 'https://evil.example',
    })
    const body = activity(
      'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
      organizationId,
      { userId, authenticators: [elsewhere.register()] },
    )
    expect(
      await postToVendor(
        vendor,
        '/public/v1/submit/create_authenticators',
        body,
        passkeyStamp(body),
      ),
    ).toEqual(refusedBody('invalid authenticator attestation'))
  })
})
