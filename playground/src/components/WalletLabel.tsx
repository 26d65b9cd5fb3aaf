import type { WalletState } from './WalletOption.js'

/** A wallet's name with its state below it; `stateId` when the state describes a control instead of being read out. */
export function WalletLabel({
  name,
  state,
  stateId,
}: {
  name: string
  state: WalletState
  stateId?: string | undefined
}) {
  return (
    <span className="wallet-name">
      {name}
      <span
        id={stateId}
        className="wallet-state"
        data-state={state.tone}
        aria-hidden={stateId ? true : undefined}
      >
        {state.tone === 'busy' && <span className="spinner" />} {state.text}
      </span>
    </span>
  )
}
