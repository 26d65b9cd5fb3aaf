import { type FormEvent, useState } from 'react'
import { type Address, erc20Abi, isAddress, parseEther } from 'viem'
import { useWriteContract } from 'wagmi'
import { ErrorMessage } from './ErrorMessage.js'
import { TransactionStatus } from './TransactionStatus.js'
import { useTokenAddress } from './useTokenAddress.js'

export function SendToken() {
  const token = useTokenAddress()
  const [to, setTo] = useState('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  const [amount, setAmount] = useState('5')
  const write = useWriteContract()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    write.mutate({
      address: token,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to as Address, parseEther(amount)],
    })
  }
  return (
    <section>
      <h2>Send SBX (test ERC-20)</h2>
      <form onSubmit={onSubmit}>
        <input
          aria-label="Token recipient"
          value={to}
          onChange={(event) => setTo(event.target.value)}
        />
        <input
          aria-label="Token amount"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <button type="submit" disabled={write.isPending || !isAddress(to)}>
          Send SBX
        </button>
      </form>
      {write.data && <TransactionStatus hash={write.data} testId="token-tx" />}
      <ErrorMessage error={write.error} />
    </section>
  )
}
