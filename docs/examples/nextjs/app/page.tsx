// app/page.tsx
'use client'
import Link from 'next/link'
import { type FormEvent, useEffect, useState } from 'react'
import {
  useConnect,
  useConnection,
  useConnectors,
  useDisconnect,
  useSignMessage,
} from 'wagmi'
import type { PasskeyWalletConnector } from 'wagmi-connector-pack/passkey'
import { useEmailVerification } from 'wagmi-connector-pack/react'

export default function WalletPage() {
  const { status, address, connector } = useConnection()
  return (
    <main>
      <h1>Wallet</h1>
      <p>
        <span data-testid="status">{status}</span>{' '}
        <span data-testid="address">{address}</span>
      </p>
      {status === 'connected' ? (
        <Connected connectorName={connector?.name} />
      ) : (
        <Connect />
      )}
      <Link href="/account">Recovery and export</Link>
    </main>
  )
}

function Connect() {
  const connect = useConnect()
  const connectors = useConnectors()
  const passkey = connectors.find((c) => c.type === 'passkeyWallet') as
    | PasskeyWalletConnector
    | undefined
  return (
    <section aria-label="Connect">
      {passkey && <SignUp connector={passkey} />}
      {connectors.map((connector) => (
        <button
          key={connector.uid}
          type="button"
          onClick={() => connect.mutate({ connector })}
        >
          Connect {connector.name}
        </button>
      ))}
      <PairingLink />
      {connect.error && <p role="alert">{connect.error.message}</p>}
    </section>
  )
}

// A new passkey wallet whose recovery email is proven by a code sent to it.
function SignUp({ connector }: { connector: PasskeyWalletConnector }) {
  const connect = useConnect()
  const verification = useEmailVerification({ connector })
  const [userName, setUserName] = useState('')
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  const signUp = (event: FormEvent) => {
    event.preventDefault()
    connect.mutate({
      connector,
      signUp: { userName, email: verification.email },
    })
  }
  return (
    <form aria-label="Sign up" onSubmit={signUp}>
      <input
        aria-label="Name"
        value={userName}
        onChange={(event) => setUserName(event.target.value)}
      />
      <input
        aria-label="Email"
        type="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <button type="button" onClick={() => verification.sendCode(email)}>
        Send code
      </button>
      {verification.step === 'enter-code' && (
        <>
          <input
            aria-label="Code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="button" onClick={() => verification.confirmCode(code)}>
            Confirm code
          </button>
        </>
      )}
      <button type="submit" disabled={verification.step !== 'verified'}>
        Create passkey wallet
      </button>
      {verification.error && <p role="alert">{verification.error.message}</p>}
    </form>
  )
}

// WalletConnect's pairing URI, for a QR code or the wallet's link, once connect() has one.
function PairingLink() {
  const connectors = useConnectors()
  const [uri, setUri] = useState<string>()
  useEffect(() => {
    const onMessage = ({ type, data }: { type: string; data?: unknown }) => {
      if (type === 'display_uri') setUri(data as string)
    }
    for (const connector of connectors)
      connector.emitter.on('message', onMessage)
    return () => {
      for (const connector of connectors)
        connector.emitter.off('message', onMessage)
    }
  }, [connectors])
  return uri ? <a href={uri}>Open your wallet</a> : null
}

function Connected({ connectorName }: { connectorName: string | undefined }) {
  const { disconnect } = useDisconnect()
  const sign = useSignMessage()
  return (
    <section aria-label="Connected">
      <p>Connected with {connectorName}</p>
      <button
        type="button"
        onClick={() => sign.mutate({ message: 'Hello from Next.js' })}
      >
        Sign message
      </button>
      {sign.data && <output data-testid="signature">{sign.data}</output>}
      {sign.error && <p role="alert">{sign.error.message}</p>}
      <button type="button" onClick={() => disconnect()}>
        Disconnect
      </button>
    </section>
  )
}
