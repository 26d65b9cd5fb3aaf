import { createVendorClient } from '../turnkey/createVendorClient.js'
import { checkPasskeyWalletParameters } from './checkPasskeyWalletParameters.js'
import type { PasskeyWalletParameters } from './passkeyWallet.js'
import { revokeSessionKey } from './revokeSessionKey.js'
import { sessionKeyStore } from './sessionKeyStore.js'

/**
 * A disconnect before the wallet's code loaded (right after a reload): the
 * session key the last visit left in IndexedDB is deleted here and revoked
 * at the vendor, as a loaded wallet's disconnect does. With options too bad
 * to reach the vendor, it is only deleted here.
 */
export async function revokeStoredSessionKey(
  storeKey: string,
  parameters: PasskeyWalletParameters,
): Promise<void> {
  const stored = await sessionKeyStore.get(storeKey)
  await sessionKeyStore.delete(storeKey)
  if (!stored) return
  let checked: ReturnType<typeof checkPasskeyWalletParameters>
  try {
    checked = checkPasskeyWalletParameters(parameters)
  } catch {
    return
  }
  await revokeSessionKey(
    createVendorClient({
      baseUrl: checked.apiBaseUrl,
      timeoutMs: checked.vendorTimeoutMs,
    }),
    stored,
  )
}
