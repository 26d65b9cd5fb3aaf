import { randomUUID } from 'node:crypto'
import { generateApiKeyPair, type Vendor } from '../startVendor.js'

const proxyUserName = 'Auth proxy'

/**
 * What turning the auth proxy on in the vendor's dashboard does: a user of
 * the parent organization (not a root user) with an API key for the proxy
 * alone. A proxy started again (over saved state) replaces the previous one.
 */
export function addProxyUser(
  vendor: Pick<Vendor, 'state' | 'parentOrganizationId' | 'clock'>,
) {
  const parent = vendor.state.organization(vendor.parentOrganizationId)
  const apiKey = generateApiKeyPair()
  const nowMs = vendor.clock.now()
  parent.users = parent.users.filter((user) => user.userName !== proxyUserName)
  parent.users.push({
    userId: randomUUID(),
    userName: proxyUserName,
    userTags: [],
    apiKeys: [
      {
        apiKeyId: randomUUID(),
        apiKeyName: 'auth proxy',
        publicKey: apiKey.publicKey,
        type: 'CREDENTIAL_TYPE_API_KEY_P256',
        createdAtMs: nowMs,
      },
    ],
    authenticators: [],
    createdAtMs: nowMs,
    updatedAtMs: nowMs,
  })
  return apiKey
}
