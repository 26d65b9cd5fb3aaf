import { useConnect, useConnection, useConnectors } from 'wagmi'
import {
  detectPlatform,
  type WalletDescriptor,
} from 'wagmi-connector-pack/injected'
import { dedicatedWallets } from '../config.js'
import { ErrorMessage } from './ErrorMessage.js'
import { useConnectionSettling } from './useConnectionSettling.js'

type InjectedWalletConnector = {
  wallet: WalletDescriptor
  installUrl: string | undefined
  isInstalled(): boolean
  getBrowseLink(): string | undefined
}

/**
 * Browser wallets as a host shows them: its dedicated buttons (or, on a phone
 * without the wallet, "Open in <wallet>", and on desktop an install link),
 * then every other wallet the browser announced.
 */
export function BrowserWallets() {
  const { status } = useConnection()
  const connect = useConnect()
  const connectors = useConnectors()
  const settling = useConnectionSettling()
  if (status === 'connected') return null
  const { isMobile } = detectPlatform()
  const busy = settling || connect.isPending
  const injected = connectors.filter((c) => c.type === 'injectedWallet')
  const dedicated = injected.filter((c) => dedicatedWallets.includes(c.id))
  const announced = injected.filter((c) => !dedicatedWallets.includes(c.id))
  // wagmi's own EIP-6963 discovery: wallets announced after the config was made.
  const discovered = connectors.filter((c) => c.type === 'injected')
  return (
    <section aria-labelledby="browser-wallets-title">
      <h2 id="browser-wallets-title">Browser wallets</h2>
      <ul className="wallets">
        {dedicated.map((connector) => {
          const wallet = connector as unknown as InjectedWalletConnector
          const name = wallet.wallet.name
          const installed = wallet.isInstalled()
          if (!installed && !isMobile && wallet.installUrl)
            return (
              <li key={connector.uid}>
                {name} is not installed:{' '}
                <a href={wallet.installUrl} target="_blank" rel="noreferrer">
                  install {name}
                </a>
              </li>
            )
          return (
            <li key={connector.uid}>
              <button
                type="button"
                disabled={busy}
                onClick={() => connect.mutate({ connector })}
              >
                {!installed && wallet.getBrowseLink()
                  ? `Open in ${name}`
                  : name}
              </button>
            </li>
          )
        })}
      </ul>
      <h3>Announced in this browser</h3>
      {announced.length + discovered.length === 0 ? (
        <p>No other wallet announced itself.</p>
      ) : (
        <ul className="wallets" data-testid="announced-wallets">
          {[...announced, ...discovered].map((connector) => (
            <li key={connector.uid}>
              <button
                type="button"
                disabled={busy}
                onClick={() => connect.mutate({ connector })}
              >
                {connector.icon && (
                  <img src={connector.icon} alt="" width={20} height={20} />
                )}{' '}
                {connector.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ErrorMessage error={connect.error} />
    </section>
  )
}
