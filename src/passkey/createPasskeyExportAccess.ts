import type { Address } from 'viem'
import { SessionNotFoundError } from '../core/errors/SessionNotFoundError.js'
import type { ExportAccess } from '../export/createExportFlow.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import type { Stamper } from '../turnkey/stampers.js'

/** The connected account, as the runtime holds it; its wallet id is looked up once when missing. */
type ConnectedAccount = {
  organizationId: string
  address: Address
  walletId?: string | undefined
}

/**
 * What exporting needs: the frame, the raw client (no session fallback: an
 * export is always the passkey's) and the connected account.
 */
export function createPasskeyExportAccess({
  frameUrl,
  frameTimeoutMs,
  client,
  passkeyStamper,
  connected,
  findWalletId,
}: {
  frameUrl: string
  frameTimeoutMs: number
  client: VendorClient
  passkeyStamper(credentialId?: string, signal?: AbortSignal): Stamper
  connected(): ConnectedAccount | undefined
  findWalletId(organizationId: string, address: Address): Promise<string>
}): ExportAccess & { frameUrl: string; frameTimeoutMs: number } {
  return {
    frameUrl,
    frameTimeoutMs,
    vendor: client,
    passkeyStamper,
    async account() {
      const current = connected()
      if (!current) throw new SessionNotFoundError()
      const { organizationId, address } = current
      current.walletId ??= await findWalletId(organizationId, address)
      return { organizationId, address, walletId: current.walletId }
    },
  }
}
