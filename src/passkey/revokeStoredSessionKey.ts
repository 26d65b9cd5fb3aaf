import { createVendorClient } from '../turnkey/createVendorClient.js'
import {
  checkPasskeyWalletParameters,
  type PasskeyWalletParameters,
} from './passkeyWalletParameters.js'
import { revokeSessionKey, sessionKeyStore } from './sessionKey.js'

/**
 * A disconnect before the wallet's code loaded (right after a reload): the
 * session key the last visit left in IndexedDB is revoked at the vendor, as
 * a loaded wallet's disconnect does, and kept as revoking until the vendor
 * confirms. With options too bad to reach the vendor, it is only kept as
 * revoking, for a load with good ones to try again. A file of its own: the
 * shell loads it only then, and the runtime never needs it.
 */
export async function revokeStoredSessionKey(
  storeKey: string,
  parameters: PasskeyWalletParameters,
): Promise<void> {
  const stored = await sessionKeyStore.get(storeKey)
  // Anything else stored there (garbage) is dropped.
  if (!stored) return sessionKeyStore.delete(storeKey)
  let checked: ReturnType<typeof checkPasskeyWalletParameters>
  try {
    checked = checkPasskeyWalletParameters(parameters)
  } catch {
    return sessionKeyStore.markRevoking(storeKey, stored)
  }
  await revokeSessionKey(
    createVendorClient({
      baseUrl: checked.apiBaseUrl,
      timeoutMs: checked.vendorTimeoutMs,
    }),
    stored,
    storeKey,
  )
}
