import { type FormEvent, useState } from 'react'
import { useConnect, useConnection, useConnectors } from 'wagmi'
import { useEmailVerification } from 'wagmi-connector-pack/react'
import { ErrorMessage } from './ErrorMessage.js'
import { useConnectionSettling } from './useConnectionSettling.js'

/**
 * Sign-up with a new passkey; "Connect Passkey" in the section above logs in
 * with an existing one. An email (the recovery address) is kept only once
 * its owner typed the code sent to it.
 */
export function PasskeySignUp() {
  const connector = useConnectors().find((c) => c.type === 'passkeyWallet')
  const { status } = useConnection()
  const settling = useConnectionSettling()
  const connect = useConnect()
  const verification = useEmailVerification({ connector })
  const [userName, setUserName] = useState('ada')
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  if (!connector || status === 'connected') return null
  const wantsEmail = email.trim() !== ''
  const verified =
    verification.step === 'verified' &&
    verification.email === email.trim().toLowerCase()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    connect.mutate(
      {
        connector,
        signUp: { userName, email: wantsEmail ? email : undefined },
      } as Parameters<typeof connect.mutate>[0],
      {
        // The email's proof is spent by the sign-up: the next one starts afresh.
        onSuccess: () => {
          verification.restart()
          setEmail('')
          setCode('')
        },
      },
    )
  }
  return (
    <section aria-labelledby="sign-up-title">
      <h2 id="sign-up-title">Passkey wallet: sign up</h2>
      <form onSubmit={onSubmit}>
        <input
          aria-label="User name"
          value={userName}
          onChange={(event) => setUserName(event.target.value)}
        />
        <input
          aria-label="Email (optional)"
          placeholder="email (optional), for recovery"
          type="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value)
            if (verification.step !== 'enter-email') verification.restart()
          }}
        />
        {wantsEmail && !verified && (
          <button
            type="button"
            disabled={verification.isPending}
            onClick={() => void verification.sendCode(email)}
          >
            {verification.step === 'enter-code'
              ? 'Email a new code'
              : 'Email me a code'}
          </button>
        )}
        <button
          type="submit"
          disabled={
            settling ||
            connect.isPending ||
            !userName ||
            (wantsEmail && !verified)
          }
        >
          Create passkey wallet
        </button>
      </form>
      {wantsEmail && verification.step === 'enter-code' && (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            void verification.confirmCode(code)
          }}
        >
          <p role="status">We sent a code to {verification.email}.</p>
          <input
            aria-label="Email code"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <button type="submit" disabled={verification.isPending || !code}>
            Confirm email
          </button>
        </form>
      )}
      {wantsEmail && verified && (
        <p role="status">Email confirmed: {verification.email}</p>
      )}
      <ErrorMessage error={verification.error ?? null} />
      <ErrorMessage error={connect.error} />
    </section>
  )
}
