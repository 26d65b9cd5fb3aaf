import { relayUrl, rpcUrls } from 'virtual:sandbox'
import { useConnection } from 'wagmi'
import { usePairing } from './usePairing.js'

/** The sandbox's own WalletConnect wallet, in a page or a terminal, for the pairing on screen. */
export function SandboxWallet() {
  const { pairing } = usePairing()
  const { status } = useConnection()
  // A pairing is on screen only while wagmi is connecting.
  const uri = status === 'connecting' ? pairing?.uri : undefined
  return (
    <section aria-labelledby="sandbox-wallet-title">
      <h3 id="sandbox-wallet-title">WalletConnect wallet</h3>
      <p className="hint">
        Pair the{' '}
        <a href="/wallet.html" target="_blank" rel="noreferrer">
          sandbox wallet
        </a>{' '}
        with the link the connect dialog shows, or from a terminal:
      </p>
      <pre className="result">
        npm run sandbox-wallet -- '{uri ?? '<pairing URI>'}' --relay {relayUrl}{' '}
        --rpc 1={rpcUrls[1]} --rpc 8453={rpcUrls[8453]}
      </pre>
    </section>
  )
}
