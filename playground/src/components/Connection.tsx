import { useConnect, useConnection, useConnectors, useDisconnect } from 'wagmi'
import { useAccountName } from 'wagmi-connector-pack/react'
import { ErrorMessage } from './ErrorMessage.js'
import { useConnectionSettling } from './useConnectionSettling.js'

export function Connection() {
  const { address, chain, status, connector } = useConnection()
  // Its primary name on Base, when it has one (the sandbox names dev account 0).
  const { data: name } = useAccountName({ address })
  const settling = useConnectionSettling()
  const connectors = useConnectors()
  const connect = useConnect()
  const disconnect = useDisconnect()
  return (
    <section>
      <h2>Connection</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="status">{status}</dd>
        <dt>Account</dt>
        <dd data-testid="address">{address ?? '—'}</dd>
        <dt>Name</dt>
        <dd data-testid="account-name">{name ?? '—'}</dd>
        <dt>Chain</dt>
        <dd data-testid="chain">
          {chain ? `${chain.name} (${chain.id})` : '—'}
        </dd>
        <dt>Connector</dt>
        <dd>{connector?.name ?? '—'}</dd>
      </dl>
      {status === 'connected' ? (
        <button type="button" onClick={() => disconnect.mutate()}>
          Disconnect
        </button>
      ) : (
        connectors
          // Browser wallets have their own section.
          .filter((c) => c.type !== 'injectedWallet' && c.type !== 'injected')
          .map((c) => (
            <button
              key={c.uid}
              type="button"
              disabled={settling || connect.isPending}
              onClick={() => connect.mutate({ connector: c })}
            >
              Connect {c.name}
            </button>
          ))
      )}
      <ErrorMessage error={connect.error} />
    </section>
  )
}
