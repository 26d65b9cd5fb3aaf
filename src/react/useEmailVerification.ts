import { useCallback, useState } from 'react'
import type { Connector } from 'wagmi'
import { createSupersession } from '../core/lifecycle.js'
import { PasskeyWalletNotFoundError } from './errors.js'
import { usePasskeyWalletConnector } from './usePasskeyWallet.js'

export type UseEmailVerificationParameters = {
  /** The passkeyWallet connector; the config's first one by default. */
  connector?: Connector | undefined
}

/** Where a sign-up's email stands: to be entered, its code to be entered, or confirmed. */
export type EmailVerificationStep = 'enter-email' | 'enter-code' | 'verified'

export type UseEmailVerificationReturnType = {
  step: EmailVerificationStep
  /** The address the code went to (trimmed, lower case), once sent. */
  email: string | undefined
  /** A call is under way. */
  isPending: boolean
  /** The last call's failure: `InvalidEmailCodeError`, `EmailTakenError`, `HostBackendError`, … */
  error: Error | undefined
  /** Emails a code (again); back to `enter-code`. */
  sendCode(email: string): Promise<void>
  /** Checks the typed code; `verified` on success. */
  confirmCode(code: string): Promise<void>
  /** Back to `enter-email` (another address). */
  restart(): void
}

/**
 * A sign-up's email step: send a code to the address, then confirm it. Once
 * `step` is `verified`, `connect({ connector, signUp: { userName, email } })`
 * keeps that email as the account's recovery address. Errors are kept in
 * `error`, never thrown.
 */
export function useEmailVerification({
  connector: given,
}: UseEmailVerificationParameters = {}): UseEmailVerificationReturnType {
  const connector = usePasskeyWalletConnector(given)
  const [step, setStep] = useState<EmailVerificationStep>('enter-email')
  const [email, setEmail] = useState<string>()
  const [isPending, setPending] = useState(false)
  const [error, setError] = useState<Error>()
  // Only the latest call may move the step: each call, and a restart, makes older answers stale.
  const [calls] = useState(createSupersession)

  const run = useCallback(
    async (work: () => Promise<void>) => {
      const call = calls.supersede()
      setPending(true)
      setError(undefined)
      try {
        await work()
      } catch (caught) {
        if (!call.aborted) setError(caught as Error)
      } finally {
        if (!call.aborted) setPending(false)
      }
      return !call.aborted
    },
    [calls],
  )

  const sendCode = useCallback(
    async (address: string) => {
      let sentTo: string | undefined
      const current = await run(async () => {
        if (!connector) throw new PasskeyWalletNotFoundError()
        sentTo = (await connector.sendEmailCode(address)).email
      })
      if (current && sentTo) {
        setEmail(sentTo)
        setStep('enter-code')
      }
    },
    [connector, run],
  )

  const confirmCode = useCallback(
    async (code: string) => {
      let confirmed = false
      const current = await run(async () => {
        if (!connector) throw new PasskeyWalletNotFoundError()
        await connector.confirmEmailCode(code)
        confirmed = true
      })
      if (current && confirmed) setStep('verified')
    },
    [connector, run],
  )

  const restart = useCallback(() => {
    calls.supersede()
    setPending(false)
    setError(undefined)
    setEmail(undefined)
    setStep('enter-email')
  }, [calls])

  return { step, email, isPending, error, sendCode, confirmCode, restart }
}
