import { type FormEvent, useState } from 'react'
import { useConnect, useConnection, useConnectors } from 'wagmi'
import { ErrorMessage } from './ErrorMessage.js'
import { useConnectionSettling } from './useConnectionSettling.js'

/** Sign-up with a new passkey; "Connect Passkey" in the section above logs in with an existing one. */
export function PasskeySignUp() {
  const connector = useConnectors().find((c) => c.type === 'passkeyWallet')
  const { status } = useConnection()
  const settling = useConnectionSettling()
  const connect = useConnect()
  const [userName, setUserName] = useState('ada')
  const [email, setEmail] = useState('')
  if (!connector || status === 'connected') return null
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    connect.mutate({
      connector,
      signUp: { userName, email: email || undefined },
    } as Parameters<typeof connect.mutate>[0])
  }
  return (
    <section>
      <h2>Passkey wallet: sign up</h2>
      <form onSubmit={onSubmit}>
        <input
          aria-label="User name"
          value={userName}
          onChange={(event) => setUserName(event.target.value)}
        />
        <input
          aria-label="Email (optional)"
          placeholder="email (optional)"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button
          type="submit"
          disabled={settling || connect.isPending || !userName}
        >
          Create passkey wallet
        </button>
      </form>
      <ErrorMessage error={connect.error} />
    </section>
  )
}
