import { type FormEvent, useEffect, useState } from 'react'
import { type Connector, useConnect } from 'wagmi'
import {
  type PasskeyWalletConnector,
  useEmailVerification,
} from 'wagmi-connector-pack/react'
import { providerNames, rememberProviderSignIn } from '../providerSignIn.js'
import { ErrorMessage } from './ErrorMessage.js'
import { useConnectionSettling } from './useConnectionSettling.js'
import { WalletOption } from './WalletOption.js'

/**
 * The passkey wallet: log in with a passkey this device knows, continue with
 * Google or Apple, or sign up with a new passkey. An email (the recovery address) is kept only once its owner typed
 * the code sent to it.
 */
export function PasskeyOption({ connector }: { connector: Connector }) {
  const settling = useConnectionSettling()
  const connect = useConnect()
  const verification = useEmailVerification({ connector })
  const [userName, setUserName] = useState('ada')
  const [email, setEmail] = useState('')
  const [code, setCode] = useState('')
  // A sign-in that came back by redirect reports its failure as the connector's `error` event.
  const [signInError, setSignInError] = useState<Error | null>(null)
  useEffect(() => {
    const show = ({ error }: { error: Error }) => setSignInError(error)
    connector.emitter.on('error', show)
    return () => connector.emitter.off('error', show)
  }, [connector])
  const wantsEmail = email.trim() !== ''
  const verified =
    verification.step === 'verified' &&
    verification.email === email.trim().toLowerCase()
  const asked = connect.variables as
    | { signUp?: unknown; oidc?: { provider: string } }
    | undefined
  const signingUp = Boolean(asked?.signUp)
  const provider = asked?.oidc?.provider
  const signUp = (event: FormEvent) => {
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
  const busy = settling || connect.isPending
  // About to use the wallet: its code loads now, so the tap reaches the prompt at once.
  const prepare = () => void (connector as PasskeyWalletConnector).prepare()
  return (
    <WalletOption
      connector={connector}
      state={
        connect.isPending
          ? {
              text: provider
                ? `Signing in with ${providerNames[provider] ?? provider}: finish in its window`
                : signingUp
                  ? 'Creating your wallet: answer the passkey prompt'
                  : 'Waiting for your passkey',
              tone: 'busy',
            }
          : { text: 'Face ID, Touch ID or a security key' }
      }
      action={
        <button
          type="button"
          className="primary"
          disabled={busy}
          onPointerEnter={prepare}
          onFocus={prepare}
          onClick={() => connect.mutate({ connector })}
        >
          Log in with passkey
        </button>
      }
    >
      <div className="row">
        {Object.entries(providerNames).map(([id, name]) => (
          <button
            key={id}
            type="button"
            disabled={busy}
            onPointerEnter={prepare}
            onFocus={prepare}
            onClick={() => {
              setSignInError(null)
              // The promise, not mutate's callbacks: this dialog is gone once connected.
              connect
                .mutateAsync({
                  connector,
                  oidc: { provider: id },
                } as Parameters<typeof connect.mutate>[0])
                .then(
                  () => rememberProviderSignIn(id),
                  () => undefined,
                )
            }}
          >
            Continue with {name}
          </button>
        ))}
      </div>
      {!signingUp && <ErrorMessage error={connect.error ?? signInError} />}
      <section aria-labelledby="sign-up-title" className="sign-up">
        <p className="divider" id="sign-up-title">
          New here? Create a passkey wallet
        </p>
        <form onSubmit={signUp} className="row">
          <label>
            User name
            <input
              value={userName}
              autoComplete="username"
              onFocus={prepare}
              onChange={(event) => setUserName(event.target.value)}
            />
          </label>
          <label>
            Email (optional), for recovery
            <input
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value)
                if (verification.step !== 'enter-email') verification.restart()
              }}
            />
          </label>
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
            disabled={busy || !userName || (wantsEmail && !verified)}
            onPointerEnter={prepare}
            onFocus={prepare}
          >
            Create passkey wallet
          </button>
        </form>
        {wantsEmail && verification.step === 'enter-code' && (
          <form
            className="row"
            onSubmit={(event) => {
              event.preventDefault()
              void verification.confirmCode(code)
            }}
          >
            <p role="status" className="hint">
              We sent a code to {verification.email}.
            </p>
            <label>
              Email code
              <input
                autoComplete="one-time-code"
                inputMode="numeric"
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            </label>
            <button type="submit" disabled={verification.isPending || !code}>
              Confirm email
            </button>
          </form>
        )}
        {wantsEmail && verified && (
          <p role="status" className="hint confirmed">
            Email confirmed: {verification.email}
          </p>
        )}
        <ErrorMessage error={verification.error ?? null} />
        {signingUp && <ErrorMessage error={connect.error} />}
      </section>
    </WalletOption>
  )
}
