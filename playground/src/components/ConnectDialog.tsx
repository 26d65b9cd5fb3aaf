import { useConnectors } from 'wagmi'
import { BrowserWallets } from './BrowserWallets.js'
import { PasskeyOption } from './PasskeyOption.js'
import { WalletConnectOption } from './WalletConnectOption.js'

/** Every wallet the host offers, each with its state, and its errors where they happen. */
export function ConnectDialog() {
  const passkey = useConnectors().find((c) => c.type === 'passkeyWallet')
  return (
    <section
      className="card connect"
      aria-labelledby="connect-title"
      aria-describedby="connect-description"
    >
      <div className="connect-header">
        <h2 id="connect-title">Connect a wallet</h2>
        <p id="connect-description">
          A passkey wallet needs no app. Or pair a phone wallet, or use one in
          this browser.
        </p>
      </div>
      <ul className="wallets">
        {passkey && <PasskeyOption connector={passkey} />}
        <WalletConnectOption />
      </ul>
      <BrowserWallets />
    </section>
  )
}
