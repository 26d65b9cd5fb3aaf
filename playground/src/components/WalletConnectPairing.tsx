import { relayUrl, rpcUrls } from 'virtual:sandbox'
import { toDataURL } from 'qrcode'
import { useEffect, useState } from 'react'
import { useConnect, useConnection, useConnectors, useDisconnect } from 'wagmi'
import type { WalletConnectPairing as Pairing } from 'wagmi-connector-pack/walletconnect'
import { ErrorMessage } from './ErrorMessage.js'
import { useConnectionSettling } from './useConnectionSettling.js'

type PairingConnector = {
  getPairing(): Pairing | undefined
  prepare(): Promise<void>
}

/** The pairing as a host shows it: QR code, deep-link button, attempt and expiry. */
export function WalletConnectPairing() {
  const connector = useConnectors().find(
    (c) => c.type === 'walletConnectDeepLink',
  )
  const { status } = useConnection()
  const settling = useConnectionSettling()
  const connect = useConnect()
  const { disconnect } = useDisconnect()
  const [pairing, setPairing] = useState<Pairing | undefined>(undefined)
  const [qr, setQr] = useState('')
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    if (!connector) return
    const onMessage = ({ type }: { type: string }) => {
      if (type === 'display_uri')
        setPairing((connector as unknown as PairingConnector).getPairing())
    }
    connector.emitter.on('message', onMessage)
    return () => connector.emitter.off('message', onMessage)
  }, [connector])
  useEffect(() => {
    if (pairing)
      void toDataURL(pairing.qr, { margin: 1, width: 220 }).then(setQr)
  }, [pairing])
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  if (!connector) return null
  const deepLink = new URLSearchParams(location.search).get('deepLink')
  return (
    <section aria-labelledby="wc-title">
      <h2 id="wc-title">WalletConnect</h2>
      <p>
        Links open the wallet's{' '}
        <a href={deepLink === 'universal' ? '?' : '?deepLink=universal'}>
          {deepLink === 'universal' ? 'universal' : 'native'} link (switch to{' '}
          {deepLink === 'universal' ? 'native' : 'universal'})
        </a>
        .
      </p>
      {status !== 'connected' && (
        <button
          type="button"
          disabled={settling || connect.isPending}
          // About to pair: the URI is made now, so the click shows it at once.
          onPointerEnter={() =>
            void (connector as unknown as PairingConnector).prepare()
          }
          onClick={() => {
            setPairing(undefined)
            connect.mutate({ connector })
          }}
        >
          Pair with WalletConnect
        </button>
      )}
      {pairing && status !== 'connected' && (
        <div>
          {qr && (
            <img src={qr} alt="Pairing QR code" width={220} height={220} />
          )}
          <p className="status" data-testid="wc-uri">
            {pairing.uri}
          </p>
          {pairing.deepLink && <a href={pairing.deepLink}>Open in wallet</a>}
          <p>
            Paste the URI into the{' '}
            <a href="/wallet.html" target="_blank" rel="noreferrer">
              sandbox wallet
            </a>
            , or pair one from a terminal:{' '}
            <code>
              npm run sandbox-wallet -- '{pairing.uri}' --relay {relayUrl} --rpc
              1={rpcUrls[1]} --rpc 8453={rpcUrls[8453]}
            </code>
          </p>
          <p data-testid="wc-attempt">
            Attempt {pairing.attempt} of 10, expires in{' '}
            {Math.max(0, Math.round((pairing.expiresAt - now) / 1000))} s
          </p>
          <button
            type="button"
            // A plain disconnect() goes to the current connection, which a pairing is not yet.
            onClick={() => {
              setPairing(undefined)
              disconnect({ connector })
            }}
          >
            Cancel pairing
          </button>
        </div>
      )}
      <ErrorMessage error={connect.error} />
    </section>
  )
}
