import type { Hash } from 'viem'
import { useWaitForTransactionReceipt } from 'wagmi'
import { receiptConfirmations } from 'wagmi-connector-pack/passkey'

/** The receipt once the transaction is 3 blocks deep. */
export function useFinalReceipt(hash: Hash | undefined) {
  return useWaitForTransactionReceipt({
    hash,
    confirmations: receiptConfirmations,
  })
}
