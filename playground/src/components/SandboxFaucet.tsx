import { useMutation } from '@tanstack/react-query'
import type { Address } from 'viem'
import { useConnection } from 'wagmi'
import { ErrorMessage } from './ErrorMessage.js'

/** Funds the connected account from the sandbox's dev account (playground/sandboxFaucet.ts). */
export function SandboxFaucet() {
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
  return (
    <section aria-labelledby="faucet-title">
      <h3 id="faucet-title">Faucet</h3>
      <div className="row">
        <button
          type="button"
          disabled={!address || faucet.isPending}
          onClick={() => address && faucet.mutate(address)}
        >
          Get 1 ETH and 100 SBX on both chains (sandbox faucet)
        </button>
      </div>
      {!address && <p className="hint">Connect an account to fund it.</p>}
      {faucet.isSuccess && (
        <p className="hint confirmed" role="status">
          Sent to {faucet.variables}.
        </p>
      )}
      <ErrorMessage error={faucet.error} />
    </section>
  )
}
