import { useConnection, useDisconnect } from 'wagmi'
import { useAccountName } from 'wagmi-connector-pack/react'
import { WalletIcon } from './WalletIcon.js'

/** The connected account: its address, its name on Base, the chain and the wallet. */
export function AccountCard() {
  const { address, chain, connector } = useConnection()
  // Its primary name on Base, when it has one (the sandbox names dev account 0).
  const { data: name } = useAccountName({ address })
  const disconnect = useDisconnect()
  return (
    <section className="card" aria-labelledby="account-title">
      <div className="card-title">
        {connector && <WalletIcon connector={connector} />}
        <h2 id="account-title">Account</h2>
      </div>
      <dl>
        <dt>Address</dt>
        <dd data-testid="address">{address}</dd>
        <dt>Name</dt>
        <dd data-testid="account-name">{name ?? '—'}</dd>
        <dt>Chain</dt>
        <dd data-testid="chain">
          {chain ? `${chain.name} (${chain.id})` : '—'}
        </dd>
        <dt>Wallet</dt>
        <dd>{connector?.name}</dd>
      </dl>
      <div className="row">
        <button type="button" onClick={() => disconnect.mutate()}>
          Disconnect
        </button>
      </div>
    </section>
  )
}
