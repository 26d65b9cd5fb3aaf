import { type Connector, useConnect, useConnectors } from 'wagmi'
import {
  detectPlatform,
  type WalletDescriptor,
} from 'wagmi-connector-pack/injected'
import { dedicatedWallets } from '../config.js'
import { ErrorMessage } from './ErrorMessage.js'
import { useConnectionSettling } from './useConnectionSettling.js'
import { WalletButton } from './WalletButton.js'
import { WalletOption } from './WalletOption.js'

type InjectedWalletConnector = Connector & {
  wallet: WalletDescriptor
  installUrl: string | undefined
  isInstalled(): boolean
  getBrowseLink(): string | undefined
}

/**
 * Browser wallets as a host shows them: its dedicated wallets (installed, to
 * install on desktop, or on a phone opened in the wallet's own browser), then
 * every other wallet the browser announced.
 */
export function BrowserWallets() {
  const connect = useConnect()
  const connectors = useConnectors()
  const settling = useConnectionSettling()
  const { isMobile } = detectPlatform()
  const busy = settling || connect.isPending
  const pendingUid = connect.isPending
    ? connect.variables?.connector && 'uid' in connect.variables.connector
      ? connect.variables.connector.uid
      : undefined
    : undefined
  const injected = connectors.filter((c) => c.type === 'injectedWallet')
  const dedicated = injected.filter((c) =>
    dedicatedWallets.includes(c.id),
  ) as InjectedWalletConnector[]
  const announced = injected.filter((c) => !dedicatedWallets.includes(c.id))
  // wagmi's own EIP-6963 discovery: wallets announced after the config was made.
  const discovered = connectors.filter((c) => c.type === 'injected')
  const opening = (connector: Connector) =>
    connector.uid === pendingUid
      ? { text: `Opening ${connector.name}`, tone: 'busy' as const }
      : undefined
  return (
    <section aria-labelledby="browser-wallets-title" className="wallet-group">
      <h3 id="browser-wallets-title">Browser wallets</h3>
      <ul className="wallets">
        {dedicated.map((connector) => {
          const name = connector.wallet.name
          const installed = connector.isInstalled()
          if (!installed && !isMobile && connector.installUrl)
            return (
              <WalletOption
                key={connector.uid}
                connector={connector}
                state={{ text: 'Not installed' }}
                action={
                  <a
                    className="button"
                    href={connector.installUrl}
                    target="_blank"
                    rel="noreferrer"
                  >
                    Install {name}
                  </a>
                }
              />
            )
          const browse = !installed && connector.getBrowseLink()
          return (
            <WalletButton
              key={connector.uid}
              connector={connector}
              label={browse ? `Open in ${name}` : name}
              state={
                opening(connector) ??
                (installed
                  ? { text: 'Installed', tone: 'ready' }
                  : browse
                    ? { text: `Open in ${name}` }
                    : { text: 'Not installed' })
              }
              disabled={busy}
              onClick={() => connect.mutate({ connector })}
            />
          )
        })}
      </ul>
      <h3>Announced in this browser</h3>
      {announced.length + discovered.length === 0 ? (
        <p className="hint">No other wallet announced itself.</p>
      ) : (
        <ul className="wallets" data-testid="announced-wallets">
          {[...announced, ...discovered].map((connector) => (
            <WalletButton
              key={connector.uid}
              connector={connector}
              state={opening(connector) ?? { text: 'Detected', tone: 'ready' }}
              disabled={busy}
              onClick={() => connect.mutate({ connector })}
            />
          ))}
        </ul>
      )}
      <ErrorMessage error={connect.error} />
    </section>
  )
}
