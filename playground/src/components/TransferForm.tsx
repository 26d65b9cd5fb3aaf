import { type FormEvent, useState } from 'react'
import { type Address, isAddress, parseEther } from 'viem'

/** Recipient and amount (18 decimals), as the ETH, token and calls sections ask for them. */
export function TransferForm({
  asset,
  defaultAmount,
  disabled,
  onSubmit,
  label = asset === 'ETH' ? 'ETH' : 'Token',
  action = `Send ${asset}`,
}: {
  asset: 'ETH' | 'SBX'
  defaultAmount: string
  disabled: boolean
  onSubmit(to: Address, amount: bigint): void
  /** What the inputs are named after ("<label> recipient"); the asset's by default. */
  label?: string
  /** The button's words; "Send <asset>" by default. */
  action?: string
}) {
  const [to, setTo] = useState<string>(
    '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  )
  const [amount, setAmount] = useState(defaultAmount)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (isAddress(to)) onSubmit(to, parseEther(amount))
  }
  return (
    <form onSubmit={submit}>
      <input
        aria-label={`${label} recipient`}
        value={to}
        onChange={(event) => setTo(event.target.value)}
      />
      <input
        aria-label={`${label} amount`}
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <button type="submit" disabled={disabled || !isAddress(to)}>
        {action}
      </button>
    </form>
  )
}
