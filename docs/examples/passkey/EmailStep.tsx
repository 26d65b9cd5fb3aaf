import { useConnect } from 'wagmi'
import type { PasskeyWalletConnector } from 'wagmi-connector-pack/passkey'
import { useEmailVerification } from 'wagmi-connector-pack/react'

export function EmailStep({
  connector,
  userName,
  email,
  code,
}: {
  connector: PasskeyWalletConnector
  userName: string
  email: string
  code: string
}) {
  const { step, sendCode, confirmCode, error, isPending } =
    useEmailVerification({ connector })
  const { mutate: connect } = useConnect()
  // step: 'enter-email' → sendCode(email) → 'enter-code' → confirmCode(code) → 'verified'
  // then: connect({ connector, signUp: { userName, email } })
  const { label, run } = {
    'enter-email': { label: 'Send code', run: () => sendCode(email) },
    'enter-code': { label: 'Confirm code', run: () => confirmCode(code) },
    verified: {
      label: 'Create passkey wallet',
      run: () => connect({ connector, signUp: { userName, email } }),
    },
  }[step]
  return (
    <>
      <button type="button" disabled={isPending} onClick={run}>
        {label}
      </button>
      {error && <p role="alert">{error.message}</p>}
    </>
  )
}
