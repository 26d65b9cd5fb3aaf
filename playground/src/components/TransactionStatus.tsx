import type { Hash } from 'viem'
import {
  useTransactionConfirmations,
  useWaitForTransactionReceipt,
} from 'wagmi'
import { receiptConfirmations } from 'wagmi-connector-pack/passkey'
import { ErrorMessage } from './ErrorMessage.js'

export function TransactionStatus({
  hash,
  testId,
}: {
  hash: Hash
  testId: string
}) {
  const receipt = useWaitForTransactionReceipt({
    hash,
    confirmations: receiptConfirmations,
  })
  const confirmations = useTransactionConfirmations({
    hash,
    query: { enabled: !receipt.isSuccess, refetchInterval: 250 },
  })
  const seen = Math.min(Number(confirmations.data ?? 0n), receiptConfirmations)
  return (
    <div className="status" data-testid={testId}>
      <div>Transaction {hash}</div>
      {receipt.isSuccess ? (
        <div data-testid={`${testId}-confirmed`}>
          {receipt.data.status === 'success' ? 'Confirmed' : 'Reverted'} in
          block {receipt.data.blockNumber.toString()} after{' '}
          {receiptConfirmations} confirmations
        </div>
      ) : (
        !receipt.isError && (
          <div>
            Waiting for {receiptConfirmations} confirmations… ({seen}/
            {receiptConfirmations})
          </div>
        )
      )}
      <ErrorMessage error={receipt.error} />
    </div>
  )
}
