import { type Config, connect } from '@wagmi/core'
import type { FormEvent, ReactNode, RefObject } from 'react'
import type { RecoverySnapshot } from '../recovery/createRecoveryFlow.js'
import type { RecoveryType } from '../recovery/recoveryState.js'
import { formatDuration } from './formatDuration.js'
import type { useRecovery } from './useRecovery.js'

/** The sign-in step's connection attempt: pending, or why it failed. */
export type SignIn = { isPending: boolean; error?: Error | undefined }

export type RecoveryView = 'email' | 'code' | 'passkey' | 'sign-in' | 'done'

/** What the RecoveryPanel's shell holds (its hooks and state) for its steps. */
export type RecoveryStepsModel = {
  id: string
  view: RecoveryView
  snapshot: RecoverySnapshot
  recovery: ReturnType<typeof useRecovery>
  config: Config
  signIn: SignIn
  setSignIn(signIn: SignIn): void
  address: string | undefined
  accountName: string | null | undefined
  email: string
  setEmail(email: string): void
  type: RecoveryType
  setType(type: RecoveryType): void
  code: string
  setCode(code: string): void
  setRecovered(address: string | undefined): void
  offersBoth: boolean
  busy: boolean
  focusRef: RefObject<HTMLElement | null>
}

const ignore = () => {}

/**
 * The RecoveryPanel's steps (email → code → new passkey → sign in): their
 * status line, time left and controls, loaded with the recovery flow so that
 * the panel's first load is its shell alone.
 */
export function recoverySteps({
  id,
  view,
  snapshot,
  recovery,
  config,
  signIn,
  setSignIn,
  address,
  accountName,
  email,
  setEmail,
  type,
  setType,
  code,
  setCode,
  setRecovered,
  offersBoth,
  busy,
  focusRef,
}: RecoveryStepsModel): { status: string; timer: string; steps: ReactNode } {
  const { flow, codeSecondsLeft, sessionSecondsLeft } = recovery
  const codeFormat = snapshot.codeFormat

  const status = (() => {
    if (view === 'done')
      return `Done. Your wallet ${accountName ? `${accountName} (${address})` : address} is connected with your new passkey.`
    switch (snapshot.step) {
      case 'idle':
        return snapshot.interrupted
          ? 'A recovery was in progress when this page was reloaded. For your safety a code works only in the page that asked for it: send a new code.'
          : 'Enter the email of your account and we will send you a code.'
      case 'sending-email':
        return 'Sending email…'
      case 'waiting-for-code':
        return `We sent a code to ${snapshot.email}. ${snapshot.codeFormat ? 'Type' : 'Paste'} it below.`
      case 'verifying-code':
        return 'Checking the code…'
      case 'ready-to-create-passkey':
        return 'Code accepted. Create a new passkey for this device.'
      case 'creating-passkey':
        return 'Creating passkey… Follow the prompt of your device.'
      case 'passkey-created':
        return signIn.isPending
          ? 'Signing in… Follow the prompt of your device.'
          : 'Passkey created. Sign in with it to open your wallet.'
    }
  })()

  const timer =
    view === 'code' && codeSecondsLeft !== undefined
      ? codeSecondsLeft > 0
        ? `The code works for ${formatDuration(codeSecondsLeft)} more.`
        : 'The code has expired: send a new one.'
      : view === 'passkey' && sessionSecondsLeft !== undefined
        ? `Recovery session ends in ${formatDuration(sessionSecondsLeft)}.`
        : view === 'email' && snapshot.interrupted && sessionSecondsLeft
          ? `Recovery session ends in ${formatDuration(sessionSecondsLeft)}.`
          : ''

  const sendEmail = (event?: FormEvent) => {
    event?.preventDefault()
    setCode('')
    flow?.sendEmail({ email, type: offersBoth ? type : 'email' }).catch(ignore)
  }
  const submitCode = (event: FormEvent) => {
    event.preventDefault()
    flow?.submitCode(code).catch(ignore)
  }
  const startOver = () => {
    setCode('')
    flow?.reset().catch(ignore)
  }

  const steps = (
    <>
      {view === 'email' && (
        <form onSubmit={sendEmail}>
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            id={`${id}-email`}
            ref={focusRef as never}
            type="email"
            autoComplete="email"
            required
            value={email}
            disabled={busy}
            onChange={(event) => setEmail(event.target.value)}
          />
          {offersBoth && (
            <fieldset disabled={busy}>
              <legend>What do you need?</legend>
              <label className="wcp-option">
                <input
                  type="radio"
                  name={`${id}-type`}
                  checked={type === 'email'}
                  onChange={() => setType('email')}
                />
                Sign in with an email code and add a passkey
              </label>
              <label className="wcp-option">
                <input
                  type="radio"
                  name={`${id}-type`}
                  checked={type === 'passkey'}
                  onChange={() => setType('passkey')}
                />
                Recover my account: replace a lost passkey
              </label>
            </fieldset>
          )}
          <div className="wcp-actions">
            <button type="submit" data-primary disabled={busy || !email}>
              Send code
            </button>
          </div>
        </form>
      )}

      {view === 'code' && (
        <form onSubmit={submitCode}>
          <label htmlFor={`${id}-code`}>Code from the email</label>
          {codeFormat ? (
            // A short one-time code (Auth Proxy): its length and alphabet come from the vendor.
            <input
              id={`${id}-code`}
              ref={focusRef as never}
              autoComplete="one-time-code"
              inputMode={codeFormat.alphanumeric ? 'text' : 'numeric'}
              autoCapitalize={codeFormat.alphanumeric ? 'characters' : 'off'}
              spellCheck={false}
              required
              aria-describedby={`${id}-code-hint`}
              value={code}
              disabled={busy}
              onChange={(event) => setCode(event.target.value)}
            />
          ) : (
            <textarea
              id={`${id}-code`}
              ref={focusRef as never}
              autoComplete="one-time-code"
              spellCheck={false}
              required
              value={code}
              disabled={busy}
              onChange={(event) => setCode(event.target.value)}
            />
          )}
          {codeFormat && (
            <p id={`${id}-code-hint`} className="wcp-hint">
              {codeFormat.length}{' '}
              {codeFormat.alphanumeric ? 'letters and digits' : 'digits'}
            </p>
          )}
          <div className="wcp-actions">
            <button type="submit" data-primary disabled={busy || !code.trim()}>
              Continue
            </button>
            <button type="button" disabled={busy} onClick={() => sendEmail()}>
              Send a new code
            </button>
            <button type="button" disabled={busy} onClick={startOver}>
              Start over
            </button>
          </div>
        </form>
      )}

      {view === 'passkey' && (
        <div className="wcp-actions">
          <button
            type="button"
            data-primary
            ref={focusRef as never}
            disabled={busy}
            onClick={() => flow?.createPasskey().catch(ignore)}
          >
            Create new passkey
          </button>
          <button type="button" disabled={busy} onClick={startOver}>
            Start over
          </button>
        </div>
      )}

      {view === 'sign-in' && (
        <div className="wcp-actions">
          <button
            type="button"
            data-primary
            ref={focusRef as never}
            disabled={busy || !recovery.connector}
            onClick={() => {
              if (!recovery.connector) return
              setSignIn({ isPending: true })
              connect(config, { connector: recovery.connector }).then(
                ({ accounts }) => {
                  setRecovered(accounts[0])
                  setSignIn({ isPending: false })
                },
                (error: Error) => setSignIn({ isPending: false, error }),
              )
            }}
          >
            Sign in with new passkey
          </button>
        </div>
      )}
    </>
  )
  return { status, timer, steps }
}
