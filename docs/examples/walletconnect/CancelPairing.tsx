import { type Connector, useDisconnect } from 'wagmi'

export function CancelPairing({ connector }: { connector: Connector }) {
  const { disconnect } = useDisconnect()
  // The pairing view's close button:
  return (
    <button type="button" onClick={() => disconnect({ connector })}>
      Cancel pairing
    </button>
  )
}
