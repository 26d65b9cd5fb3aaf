import { useId } from 'react'
import type { Connector } from 'wagmi'
import { WalletIcon } from './WalletIcon.js'
import { WalletLabel } from './WalletLabel.js'
import type { WalletState } from './WalletOption.js'

/** A wallet the whole row of which connects it: named by the wallet, its state read as the description. */
export function WalletButton({
  connector,
  label = connector.name,
  state,
  disabled,
  onClick,
}: {
  connector: Pick<Connector, 'icon' | 'name' | 'type'>
  /** Says what a click does when it does not connect, e.g. "Open in MetaMask". */
  label?: string | undefined
  state: WalletState
  disabled: boolean
  onClick(): void
}) {
  const stateId = useId()
  return (
    <li>
      <button
        type="button"
        className="wallet wallet-button"
        aria-label={label === connector.name ? undefined : label}
        aria-describedby={stateId}
        disabled={disabled}
        onClick={onClick}
      >
        <WalletIcon connector={connector} />
        <WalletLabel name={connector.name} state={state} stateId={stateId} />
        <span className="chevron" aria-hidden="true">
          ›
        </span>
      </button>
    </li>
  )
}
