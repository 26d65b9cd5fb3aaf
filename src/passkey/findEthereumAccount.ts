import { type Address, getAddress } from 'viem'
import { SessionNotFoundError } from '../core/errors/SessionNotFoundError.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import type { Stamper } from '../turnkey/stampers.js'

/**
 * The user's Ethereum account (the one every sign-up makes), or the one at
 * `address`: its checksummed address and its wallet's id.
 */
export async function findEthereumAccount(
  vendor: VendorClient,
  stamper: Stamper,
  organizationId: string,
  address?: Address,
) {
  const { accounts } = await vendor.query<{
    accounts: { address: string; addressFormat: string; walletId: string }[]
  }>('list_wallet_accounts', { organizationId }, stamper)
  const ethereum = accounts.find(
    (a) =>
      a.addressFormat === 'ADDRESS_FORMAT_ETHEREUM' &&
      (!address || getAddress(a.address) === address),
  )
  if (!ethereum)
    throw new SessionNotFoundError({
      cause: new Error('The account has no Ethereum wallet.'),
    })
  return { address: getAddress(ethereum.address), walletId: ethereum.walletId }
}
