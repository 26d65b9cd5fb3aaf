// App.tsx: the kit's connect button, and a sign-up of the app's own beside it (a kit's modal connects a
// wallet the user has; a new passkey wallet needs a name, which neither RainbowKit's nor AppKit's asks).
import { type ReactNode, useState } from 'react'
import { useAccount, useConnect, useConnectors, useSignMessage } from 'wagmi'
import type { PasskeyWalletConnector } from 'wagmi-connector-pack/passkey'

function SignUp() {
  const [userName, setUserName] = useState('')
  const passkey = useConnectors().find(
    ({ type }) => type === 'passkeyWallet',
  ) as PasskeyWalletConnector | undefined
  const { connect, error, isPending } = useConnect()
  if (!passkey) return null
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        connect({ connector: passkey, signUp: { userName } })
      }}
    >
      <label>
        Your name{' '}
        <input
          value={userName}
          onChange={(event) => setUserName(event.target.value)}
        />
      </label>
      <button type="submit" disabled={isPending || !userName}>
        Create passkey wallet
      </button>
      {error && <p role="alert">{error.message}</p>}
    </form>
  )
}

function SignMessage() {
  const { signMessage, data, error } = useSignMessage()
  return (
    <section>
      <button
        type="button"
        onClick={() => signMessage({ message: 'hello from a connect kit' })}
      >
        Sign a message
      </button>
      {data && <output aria-label="Signature">{data}</output>}
      {error && <p role="alert">{error.message}</p>}
    </section>
  )
}

export function App({ connectButton }: { connectButton: ReactNode }) {
  const { address, isConnected } = useAccount()
  return (
    <main>
      {connectButton}
      {isConnected ? (
        <>
          <output aria-label="Account">{address}</output>
          <SignMessage />
        </>
      ) : (
        <SignUp />
      )}
    </main>
  )
}
