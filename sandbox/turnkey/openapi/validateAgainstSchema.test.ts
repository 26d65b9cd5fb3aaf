import { describe, expect, it } from 'vitest'
import { publicApi } from './documents.js'
import {
  requestSchema,
  validateAgainstSchema,
} from './validateAgainstSchema.js'

const activity = (type: string, parameters: unknown) => ({
  type,
  timestampMs: '1795000000000',
  organizationId: '5f0c8a3e-1b2d-4c6e-9f70-123456789abd',
  parameters,
})

function problems(path: string, body: unknown) {
  const schema = requestSchema(publicApi, path)
  if (!schema) throw new Error(`no schema for ${path}`)
  return validateAgainstSchema(publicApi, schema, body)
}

describe('request bodies held against the vendor’s published schema', () => {
  it('refuses create_api_keys without curveType, naming the field', () => {
    expect(
      problems(
        '/public/v1/submit/create_api_keys',
        activity('ACTIVITY_TYPE_CREATE_API_KEYS_V2', {
          userId: 'u',
          apiKeys: [{ apiKeyName: 'a', publicKey: '02ab' }],
        }),
      ),
    ).toEqual(['parameters.apiKeys[0].curveType is required'])
  })

  it('refuses sub-organization root users without their apiKeys, authenticators and oauthProviders', () => {
    expect(
      problems(
        '/public/v1/submit/create_sub_organization',
        activity('ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8', {
          subOrganizationName: 'n',
          rootQuorumThreshold: 1,
          rootUsers: [{ userName: 'u' }],
        }),
      ),
    ).toEqual([
      'parameters.rootUsers[0].apiKeys is required',
      'parameters.rootUsers[0].authenticators is required',
      'parameters.rootUsers[0].oauthProviders is required',
    ])
  })

  it('refuses an activity type the schema does not list, an unknown field and a value of the wrong type', () => {
    expect(
      problems('/public/v1/submit/create_api_keys', {
        ...activity('ACTIVITY_TYPE_CREATE_API_KEYS', {
          userId: 7,
          apiKeys: [],
        }),
        extra: true,
      }),
    ).toEqual([
      'type must be one of ACTIVITY_TYPE_CREATE_API_KEYS_V2',
      'parameters.userId must be a string',
      'extra is not a known field',
    ])
  })

  it('accepts a complete body, and a query with only its required field', () => {
    expect(
      problems(
        '/public/v1/submit/create_api_keys',
        activity('ACTIVITY_TYPE_CREATE_API_KEYS_V2', {
          userId: 'u',
          apiKeys: [
            {
              apiKeyName: 'a',
              publicKey: '02ab',
              curveType: 'API_KEY_CURVE_P256',
            },
          ],
        }),
      ),
    ).toEqual([])
    expect(
      problems('/public/v1/query/whoami', {
        organizationId: '5f0c8a3e-1b2d-4c6e-9f70-123456789abd',
      }),
    ).toEqual([])
  })
})
