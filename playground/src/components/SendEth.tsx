import { type FormEvent, useState } from 'react'
import { type Address, isAddress, parseEther } from 'viem'
import { useSendTransaction } from 'wagmi'
import { ErrorMessage } from './ErrorMessage.js'
import { TransactionStatus } from './TransactionStatus.js'

export function SendEth() {
  const [to, setTo] = useState('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  const [amount, setAmount] = useState('0.01')
  const send = useSendTransaction()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    send.mutate({ to: to as Address, value: parseEther(amount) })
  }
  return (
    <section>
      <h2>Send ETH</h2>
      <form onSubmit={onSubmit}>
        <input
          aria-label="ETH recipient"
          value={to}
          onChange={(event) => setTo(event.target.value)}
        />
        <input
          aria-label="ETH amount"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <button type="submit" disabled={send.isPending || !isAddress(to)}>
          Send ETH
        </button>
      </form>
      {send.data && <TransactionStatus hash={send.data} testId="eth-tx" />}
      <ErrorMessage error={send.error} />
    </section>
  )
}
