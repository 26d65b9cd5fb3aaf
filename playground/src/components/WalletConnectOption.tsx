import { toDataURL } from 'qrcode'
import { useEffect, useState } from 'react'
import { useConnect, useDisconnect } from 'wagmi'
import { ErrorMessage } from './ErrorMessage.js'
import { useConnectionSettling } from './useConnectionSettling.js'
import { usePairing } from './usePairing.js'
import { WalletOption } from './WalletOption.js'

const linkMode = new URLSearchParams(location.search).get('deepLink')

/** WalletConnect: a QR code to scan, or on a phone the link that opens the wallet; its attempts and expiry. */
export function WalletConnectOption() {
  const { connector, pairing, clear } = usePairing()
  const settling = useConnectionSettling()
  const connect = useConnect()
  const { disconnect } = useDisconnect()
  const [qr, setQr] = useState('')
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    setQr('')
    if (pairing)
      void toDataURL(pairing.qr, { margin: 1, width: 200 }).then(setQr)
  }, [pairing])
  const pairingShown = connect.isPending && pairing
  useEffect(() => {
    if (!pairingShown) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [pairingShown])
  if (!connector) return null
  return (
    <WalletOption
      connector={connector}
      state={
        pairingShown
          ? {
              text: `Waiting for the wallet: attempt ${pairing.attempt} of 10`,
              tone: 'busy',
            }
          : connect.isPending
            ? { text: 'Making a pairing link', tone: 'busy' }
            : { text: "Scan with your phone's wallet" }
      }
      action={
        <button
          type="button"
          disabled={settling || connect.isPending}
          // About to pair: the URI is made now, so the click shows it at once.
          onPointerEnter={() => void connector.prepare()}
          onFocus={() => void connector.prepare()}
          onClick={() => {
            clear()
            connect.mutate({ connector })
          }}
        >
          Pair with WalletConnect
        </button>
      }
    >
      <section aria-label="WalletConnect" className="stack">
        {pairingShown && (
          <div className="qr">
            {qr && (
              <img src={qr} alt="Pairing QR code" width={200} height={200} />
            )}
            {pairing.deepLink && (
              <a className="button primary" href={pairing.deepLink}>
                Open in wallet
              </a>
            )}
            <p data-testid="wc-attempt" className="hint">
              Attempt {pairing.attempt} of 10, expires in{' '}
              {Math.max(0, Math.round((pairing.expiresAt - now) / 1000))} s
            </p>
            <p className="result" data-testid="wc-uri">
              {pairing.uri}
            </p>
            <button
              type="button"
              className="quiet"
              // A plain disconnect() goes to the current connection, which a pairing is not yet.
              onClick={() => {
                clear()
                disconnect({ connector })
              }}
            >
              Cancel pairing
            </button>
          </div>
        )}
        <nav className="hint" aria-label="WalletConnect links">
          Phones open the wallet by its{' '}
          {linkMode === 'universal' ? (
            <>
              universal link (<a href="?">use its native link</a>)
            </>
          ) : (
            <>
              native link (
              <a href="?deepLink=universal">use its universal link</a>)
            </>
          )}
          .
        </nav>
        <ErrorMessage error={connect.error} />
      </section>
    </WalletOption>
  )
}
