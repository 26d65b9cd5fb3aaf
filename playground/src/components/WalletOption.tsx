import type { ReactNode } from 'react'
import type { Connector } from 'wagmi'
import { WalletIcon } from './WalletIcon.js'
import { WalletLabel } from './WalletLabel.js'

/** What a wallet row says of its wallet: ready, busy (with a spinner) or neutral. */
export type WalletState = {
  text: string
  tone?: 'ready' | 'busy' | undefined
}

/** One wallet in the connect dialog: icon, name, state and its action, with its own details (a form, a QR code, an error) below. */
export function WalletOption({
  connector,
  state,
  action,
  children,
}: {
  connector: Pick<Connector, 'icon' | 'name' | 'type'>
  state: WalletState
  action?: ReactNode
  children?: ReactNode
}) {
  return (
    <li className="wallet">
      <WalletIcon connector={connector} />
      <WalletLabel name={connector.name} state={state} />
      {action}
      {children && <div className="wallet-detail">{children}</div>}
    </li>
  )
}
