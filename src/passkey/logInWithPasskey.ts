import type { Address } from 'viem'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import type { Stamper } from '../turnkey/stampers.js'
import type { SessionKeys } from './createSessionKeys.js'

/**
 * A log-in: the passkey (`credentialId`'s when given) finds the user's
 * organization, in one prompt that also opens the session when sessions are
 * on; then the account.
 */
export async function logInWithPasskey(
  signal: AbortSignal,
  credentialId: string | undefined,
  {
    parentOrganizationId,
    sessionKeys,
    vendor,
    passkeyStamper,
    findAccount,
  }: {
    parentOrganizationId: string
    sessionKeys: SessionKeys
    vendor: VendorClient
    passkeyStamper(credentialId?: string, signal?: AbortSignal): Stamper
    findAccount(
      organizationId: string,
    ): Promise<{ address: Address; walletId: string }>
  },
) {
  const { start } = sessionKeys
  const organizationId = start
    ? await start(parentOrganizationId, signal, credentialId)
    : (
        await vendor.query<{ organizationId: string }>(
          'whoami',
          { organizationId: parentOrganizationId },
          passkeyStamper(credentialId, signal),
        )
      ).organizationId
  return { organizationId, ...(await findAccount(organizationId)) }
}
