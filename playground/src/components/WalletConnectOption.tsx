import { toDataURL } from 'qrcode'
import { useEffect, useState } from 'react'
import { useConnect, useDisconnect } from 'wagmi'
import { ErrorMessage } from './ErrorMessage.js'
import { useConnectionSettling } from './useConnectionSettling.js'
import { usePairing } from './usePairing.js'
import { WalletOption } from './WalletOption.js'

const linkMode = new URLSearchParams(location.search).get('deepLink')
// A pairing renews its URI at most 10 times (docs/walletconnect.md).
const pairingAttempts = 10

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
    if (!pairing) return
    // A newer pairing's code replaces this one's, however late this one is drawn.
    let current = true
    void toDataURL(pairing.qr, { margin: 1, width: 200 }).then((url) => {
      if (current) setQr(url)
    })
    return () => {
      current = false
    }
  }, [pairing])
  const pairingShown = connect.isPending && pairing
  useEffect(() => {
    if (!pairingShown) return
    setNow(Date.now())
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
              text: `Waiting for the wallet: attempt ${pairing.attempt} of ${pairingAttempts}`,
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
              Attempt {pairing.attempt} of {pairingAttempts}, expires in{' '}
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
        <p className="hint">
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
        </p>
        <ErrorMessage error={connect.error} />
      </section>
    </WalletOption>
  )
}
