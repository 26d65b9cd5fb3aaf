import { withTimeout } from '../core/deadlines.js'
import { singleFlight } from '../core/lifecycle.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import { grpcCode, VendorRequestError } from '../turnkey/errors.js'
import { createSessionStamper } from '../turnkey/stampers.js'

import { isLive, type SessionKey, sessionKeyStore } from './sessionKeyStore.js'

// Revoking a session key at the vendor, confirmed or tried again; and what
// the vendor's refusals of a key mean.

/** The vendor no longer takes the session key that stamped the request: expired by its clock, or removed. */
export const isDeadSessionKeyError = (error: unknown) =>
  error instanceof VendorRequestError &&
  /expired api key|could not find public key/i.test(error.vendorMessage)

/** The vendor takes the session key, but its session profile's scope does not allow the request. */
export const isOutOfScopeError = (error: unknown) =>
  error instanceof VendorRequestError &&
  error.status === 403 &&
  error.vendorCode === grpcCode.permissionDenied

type ApiKeyView = {
  apiKeyId?: unknown
  credential?: { publicKey?: unknown; sessionProfileId?: unknown }
}

/** The vendor's list of the user's keys, read with `key` itself, and `key`'s own entry in it. */
export async function listing(
  vendor: VendorClient,
  key: SessionKey,
  userId: string | undefined,
) {
  const { apiKeys } = await vendor.query<{ apiKeys?: ApiKeyView[] }>(
    'get_api_keys',
    { organizationId: key.organizationId, userId },
    createSessionStamper(key),
  )
  return {
    answered: Array.isArray(apiKeys),
    own: Array.isArray(apiKeys)
      ? apiKeys.find(
          (apiKey) => apiKey?.credential?.publicKey === key.publicKey,
        )
      : undefined,
  }
}

/** A disconnect waits this long for the vendor; past it the key is kept as revoking. */
const sessionRevocationTimeoutMs = 5000

/**
 * Deletes a session key at the vendor, signed by the key itself. Two
 * requests: the user's keys, then `delete_api_keys` of this one. True once
 * the key has no authority left: deleted, no longer listed, or refused by
 * the vendor as unknown or expired; false when the vendor failed or did not
 * answer in time.
 */
async function deleteAtVendor(vendor: VendorClient, key: SessionKey) {
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
    const { own } = await listing(vendor, key, userId)
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
    // A key whose profile does not let it delete keys can never revoke
    // itself: it is dropped here, and ends by expiry or the next log-in.
  ).catch(
    (error: unknown) =>
      isDeadSessionKeyError(error) || isOutOfScopeError(error),
  )
}

/** Revocations on their way, by public key: a key is revoked by one caller at a time. */
const settling = singleFlight<void, string>()

/**
 * Asks the vendor to revoke `key` unless it has expired, then forgets it
 * once the vendor confirmed; an unconfirmed one stays revoking, for later.
 */
function settle(
  vendor: VendorClient,
  key: SessionKey,
  storeKey: string | undefined,
) {
  return settling.run(async () => {
    if (isLive(key) && !(await deleteAtVendor(vendor, key))) return
    if (storeKey) await sessionKeyStore.deleteRevoking(storeKey, key.publicKey)
  }, key.publicKey)
}

/**
 * Revokes a session key at the vendor, so that a stamp it made before (a
 * copied request, a stolen key) is refused from now on instead of until it
 * expires. The key is kept in IndexedDB (under `storeKey`) as revoking until
 * the vendor confirms: one that failed, did not answer within 5 s, or whose
 * page closed meanwhile, is tried again by `retryRevocations`. A revoking key
 * never signs for the user again. Never rejects: the caller has already
 * dropped the key.
 */
export async function revokeSessionKey(
  vendor: VendorClient,
  key: SessionKey,
  storeKey: string | undefined,
): Promise<void> {
  if (storeKey) await sessionKeyStore.markRevoking(storeKey, key)
  await settle(vendor, key, storeKey)
}

/**
 * Tries again the revocations the vendor has not confirmed (an expired key
 * is only forgotten, with no request); each one once at a time, without any
 * prompt. Never rejects.
 */
export async function retryRevocations(
  vendor: VendorClient,
  storeKey: string,
): Promise<void> {
  const revoking = await sessionKeyStore.revoking(storeKey)
  await Promise.all(revoking.map((key) => settle(vendor, key, storeKey)))
}
