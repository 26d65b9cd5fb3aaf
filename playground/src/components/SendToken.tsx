import { erc20Abi } from 'viem'
import { useWriteContract } from 'wagmi'
import { ErrorMessage } from './ErrorMessage.js'
import { TransactionStatus } from './TransactionStatus.js'
import { TransferForm } from './TransferForm.js'
import { useTokenAddress } from './useTokenAddress.js'

export function SendToken() {
  const token = useTokenAddress()
  const write = useWriteContract()
  return (
    <section className="card">
      <h2>Send SBX (test ERC-20)</h2>
      <TransferForm
        asset="SBX"
        defaultAmount="5"
        disabled={write.isPending}
        onSubmit={(to, amount) =>
          write.mutate({
            address: token,
            abi: erc20Abi,
            functionName: 'transfer',
            args: [to, amount],
          })
        }
      />
      {write.data && <TransactionStatus hash={write.data} testId="token-tx" />}
      <ErrorMessage error={write.error} />
    </section>
  )
}
