import { useMutation } from '@tanstack/react-query'
import { type Address, erc20Abi, formatEther } from 'viem'
import { useBalance, useConnection, useReadContract } from 'wagmi'
import { ErrorMessage } from './ErrorMessage.js'
import { useTokenAddress } from './useTokenAddress.js'

export function Balances() {
  const { address } = useConnection()
  const faucet = useMutation({
    mutationFn: async (to: Address) => {
      const response = await fetch('/api/faucet', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address: to }),
      })
      if (!response.ok) throw new Error((await response.json()).error)
    },
  })
  const token = useTokenAddress()
  const eth = useBalance({ address, query: { refetchInterval: 1000 } })
  const sbx = useReadContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: address ? [address] : undefined,
    query: { enabled: Boolean(address), refetchInterval: 1000 },
  })
  return (
    <section>
      <h2>Balances</h2>
      <dl>
        <dt>ETH</dt>
        <dd data-testid="eth-balance">
          {eth.data ? formatEther(eth.data.value) : '…'}
        </dd>
        <dt>SBX ({token})</dt>
        <dd data-testid="token-balance">
          {sbx.data === undefined ? '…' : formatEther(sbx.data)}
        </dd>
      </dl>
      <button
        type="button"
        disabled={faucet.isPending}
        onClick={() => address && faucet.mutate(address)}
      >
        Get 1 ETH and 100 SBX on both chains (sandbox faucet)
      </button>
      <ErrorMessage error={eth.error ?? sbx.error ?? faucet.error} />
    </section>
  )
}
