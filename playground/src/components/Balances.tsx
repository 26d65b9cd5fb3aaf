import { erc20Abi, formatEther } from 'viem'
import { useBalance, useConnection, useReadContract } from 'wagmi'
import { ErrorMessage } from './ErrorMessage.js'
import { useTokenAddress } from './useTokenAddress.js'

export function Balances() {
  const { address } = useConnection()
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
    <section className="card">
      <h2>Balances</h2>
      <dl>
        <dt>ETH</dt>
        <dd data-testid="eth-balance">
          {eth.data ? formatEther(eth.data.value) : '…'}
        </dd>
        <dt>SBX</dt>
        <dd data-testid="token-balance">
          {sbx.data === undefined ? '…' : formatEther(sbx.data)}
        </dd>
      </dl>
      <ErrorMessage error={eth.error ?? sbx.error} />
    </section>
  )
}
