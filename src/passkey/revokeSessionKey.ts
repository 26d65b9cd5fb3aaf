import { withTimeout } from '../core/withTimeout.js'
import { createSessionStamper } from '../turnkey/createSessionStamper.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import { isLive, type SessionKey } from './sessionKey.js'

/** A disconnect waits this long for the vendor; past it the key is only dropped here. */
const sessionRevocationTimeoutMs = 5000

type ApiKeyView = { apiKeyId?: unknown; credential?: { publicKey?: unknown } }

/**
 * Deletes a session key at the vendor, signed by the key itself, so that a
 * stamp it made before (a copied request, a stolen key) is refused from now
 * on instead of until it expires. Two requests: the user's keys, then
 * `delete_api_keys` of this one. A key already expired, or one the vendor no
 * longer lists, needs nothing. Resolves whether or not the vendor answered in
 * time: the caller has already dropped the key.
 */
export async function revokeSessionKey(
  vendor: VendorClient,
  key: SessionKey,
): Promise<boolean> {
  if (!isLive(key)) return true
  const stamper = createSessionStamper(key)
  const { organizationId } = key
  const revoke = async () => {
    const userId =
      key.userId ??
      (
        await vendor.query<{ userId: string }>(
          'whoami',
          { organizationId },
          stamper,
        )
      ).userId
    const { apiKeys } = await vendor.query<{ apiKeys?: ApiKeyView[] }>(
      'get_api_keys',
      { organizationId, userId },
      stamper,
    )
    const own = apiKeys?.find(
      (apiKey) => apiKey.credential?.publicKey === key.publicKey,
    )
    if (typeof own?.apiKeyId !== 'string') return true
    await vendor.submit(
      'delete_api_keys',
      {
        type: 'ACTIVITY_TYPE_DELETE_API_KEYS',
        organizationId,
        parameters: { userId, apiKeyIds: [own.apiKeyId] },
        resultKey: 'deleteApiKeysResult',
      },
      stamper,
    )
    return true
  }
  return withTimeout(
    revoke(),
    sessionRevocationTimeoutMs,
    () => new Error('the vendor did not answer'),
  ).catch(() => false)
}
