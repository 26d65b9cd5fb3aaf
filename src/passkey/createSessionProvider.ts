import type { Address, LocalAccount } from 'viem'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import type { Stamper } from '../turnkey/stampers.js'
import {
  type CreatePasskeyProviderParameters,
  createPasskeyProvider,
} from './createPasskeyProvider.js'
import { toVendorAccount } from './toVendorAccount.js'

/** Who is connected: the wallet's address in the user's sub-organization. */
export type ConnectedSession = { organizationId: string; address: Address }

export type CreateSessionProviderParameters = Omit<
  CreatePasskeyProviderParameters,
  'account'
> & {
  /** The connected session; `undefined` when none. */
  session(): ConnectedSession | undefined
  vendor: VendorClient
  /** Who authorises each signature: the passkey, or a session key. */
  stamper: () => Stamper
}

/**
 * The provider of whichever session is connected, signing with a vendor
 * account made once per session. Loaded with the first request: a sign-up or
 * log-in needs none of it.
 */
export function createSessionProvider({
  session,
  vendor,
  stamper,
  ...parameters
}: CreateSessionProviderParameters) {
  const accounts = new WeakMap<ConnectedSession, LocalAccount>()
  function account() {
    const current = session()
    if (!current) return undefined
    let vendorAccount = accounts.get(current)
    if (!vendorAccount) {
      vendorAccount = toVendorAccount({ ...current, vendor, stamper })
      accounts.set(current, vendorAccount)
    }
    return vendorAccount
  }
  return createPasskeyProvider({ ...parameters, account })
}
