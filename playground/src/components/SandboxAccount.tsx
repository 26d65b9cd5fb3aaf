import { useConnect, useConnection, useConnectors } from 'wagmi'
import { ErrorMessage } from './ErrorMessage.js'
import { useConnectionSettling } from './useConnectionSettling.js'

/** wagmi's mock connector on anvil's dev account 0, which anvil signs for: the quickest way to try the hooks. */
export function SandboxAccount() {
  const mock = useConnectors().find((c) => c.type === 'mock')
  const { status } = useConnection()
  const settling = useConnectionSettling()
  const connect = useConnect()
  if (!mock) return null
  return (
    <section aria-labelledby="sandbox-account-title">
      <h3 id="sandbox-account-title">Test account</h3>
      <p className="hint">
        Anvil's dev account 0, funded, signed for by anvil. No wallet needed.
      </p>
      <div className="row">
        <button
          type="button"
          disabled={status === 'connected' || settling || connect.isPending}
          onClick={() => connect.mutate({ connector: mock })}
        >
          Connect {mock.name}
        </button>
      </div>
      <ErrorMessage error={connect.error} />
    </section>
  )
}
