import type { Address } from 'viem'
import { createVendorClient } from '../../src/turnkey/createVendorClient.js'
import type { StampingKey } from '../../src/turnkey/stampers.js'
import { createSessionStamper } from '../../src/turnkey/stampers.js'

/**
 * What a page script holding the stored session key can ask on its own: the
 * vendor's `eth_send_transaction` with `sponsor: true`. The vendor's error,
 * or the result when it sent.
 */
export function sponsoredSendAsScript({
  vendorUrl,
  user,
  key,
  chainId,
  calls,
}: {
  vendorUrl: string
  user: { organizationId: string; address: Address }
  key: StampingKey
  chainId: number
  calls: { to: Address; value?: string; data?: `0x${string}` }[]
}): Promise<unknown> {
  return createVendorClient({ baseUrl: vendorUrl })
    .submit(
      'eth_send_transaction',
      {
        type: 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2',
        organizationId: user.organizationId,
        parameters: {
          from: user.address,
          caip2: `eip155:${chainId}`,
          sponsor: true,
          calls,
        },
        resultKey: 'ethSendTransactionResultV2',
      },
      createSessionStamper(key),
    )
    .catch((error: unknown) => error)
}
