import { useChainId, useChains, useSwitchChain } from 'wagmi'
import { ErrorMessage } from './ErrorMessage.js'

export function SwitchChain() {
  const chains = useChains()
  const chainId = useChainId()
  const switchChain = useSwitchChain()
  return (
    <section>
      <h2>Switch chain</h2>
      {chains.map((chain) => (
        <button
          key={chain.id}
          type="button"
          disabled={chain.id === chainId || switchChain.isPending}
          onClick={() => switchChain.mutate({ chainId: chain.id })}
        >
          {chain.name} ({chain.id})
        </button>
      ))}
      <ErrorMessage error={switchChain.error} />
    </section>
  )
}
