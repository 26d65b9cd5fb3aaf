import { useSendTransaction } from 'wagmi'
import { ErrorMessage } from './ErrorMessage.js'
import { TransactionStatus } from './TransactionStatus.js'
import { TransferForm } from './TransferForm.js'

export function SendEth() {
  const send = useSendTransaction()
  return (
    <section className="card">
      <h2>Send ETH</h2>
      <TransferForm
        asset="ETH"
        defaultAmount="0.01"
        disabled={send.isPending}
        onSubmit={(to, value) => send.mutate({ to, value })}
      />
      {send.data && <TransactionStatus hash={send.data} testId="eth-tx" />}
      <ErrorMessage error={send.error} />
    </section>
  )
}
