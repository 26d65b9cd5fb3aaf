import { useState } from 'react'
import { useChainId, useChains, useSwitchChain } from 'wagmi'
import { ErrorMessage } from './ErrorMessage.js'

export function SwitchChain() {
  const chains = useChains()
  const chainId = useChainId()
  const switchChain = useSwitchChain()
  const [otherChainId, setOtherChainId] = useState('10')
  return (
    <section className="card" aria-labelledby="switch-chain-title">
      <h2 id="switch-chain-title">Switch chain</h2>
      <div className="row">
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
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          // Any id, configured or not: shows how a connector refuses the others.
          switchChain.mutate({ chainId: Number(otherChainId) as never })
        }}
      >
        <label>
          Chain id
          <input
            inputMode="numeric"
            value={otherChainId}
            onChange={(event) => setOtherChainId(event.target.value)}
          />
        </label>
        <button type="submit" disabled={switchChain.isPending}>
          Switch to chain id
        </button>
      </form>
      <ErrorMessage error={switchChain.error} />
    </section>
  )
}
