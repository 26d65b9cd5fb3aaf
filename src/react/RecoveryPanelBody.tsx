import { connect } from '@wagmi/core'
import { type FormEvent, useId, useState } from 'react'
import { useAccount, useConfig } from 'wagmi'
import type { RecoveryType } from '../turnkey/recoveryStartContract.js'
import { describeError } from './describeError.js'
import { formatDuration } from './formatDuration.js'
import { panelFrameStyles } from './panelFrameStyles.js'
import { panelStyles } from './panelStyles.js'
import type { RecoveryPanelProps } from './RecoveryPanel.js'
import { useFocusOnChange } from './useFocusOnChange.js'
import { usePanelAccountName } from './usePanelAccountName.js'
import { useRecovery } from './useRecovery.js'

/** The sign-in step's connection attempt: pending, or why it failed. */
type SignIn = { isPending: boolean; error?: Error | undefined }

type RecoveryView = 'email' | 'code' | 'passkey' | 'sign-in' | 'done'

const ignore = () => {}

/**
 * The recovery panel once loaded (its steps and styles in one chunk): email
 * → code → new passkey → sign in, with the status line, time left and
 * controls of each.
 */
export function RecoveryPanelBody({
  connector,
  defaultEmail = '',
  className,
}: RecoveryPanelProps) {
  const recovery = useRecovery({ connector })
  const { snapshot } = recovery
  const config = useConfig()
  // The sign-in step's connect, with wagmi's connect action.
  const [signIn, setSignIn] = useState<SignIn>({ isPending: false })
  // useAccount is in both wagmi majors (3 keeps it as useConnection's alias).
  const connection = useAccount()
  const accountName = usePanelAccountName(connection.address)
  const [email, setEmail] = useState(defaultEmail)
  const [type, setType] = useState<RecoveryType>('email')
  const [code, setCode] = useState('')
  const id = useId()

  // Set by this panel's own sign-in only: another wallet's connection is not a recovery.
  const [recovered, setRecovered] = useState<string | undefined>(undefined)
  const step = snapshot?.step
  // Through the Auth Proxy there is one way: the email code signs a session that adds the passkey.
  const offersBoth = (snapshot?.types ?? ['email', 'passkey']).includes(
    'passkey',
  )
  const signedIn =
    recovered !== undefined &&
    connection.status === 'connected' &&
    connection.address === recovered
  const view: RecoveryView | 'loading' = !snapshot
    ? 'loading'
    : signedIn
      ? 'done'
      : step === 'idle' || step === 'sending-email'
        ? 'email'
        : step === 'waiting-for-code' || step === 'verifying-code'
          ? 'code'
          : step === 'passkey-created'
            ? 'sign-in'
            : 'passkey'
  const error =
    recovery.loadError ??
    snapshot?.error ??
    (view === 'sign-in' ? signIn.error : undefined)
  const focusRef = useFocusOnChange<HTMLElement>(
    view === 'loading' ? undefined : view,
    error,
  )
  const busy =
    step === 'sending-email' ||
    step === 'verifying-code' ||
    step === 'creating-passkey' ||
    signIn.isPending

  const { flow, codeSecondsLeft, sessionSecondsLeft } = recovery
  const codeFormat = snapshot?.codeFormat

  const status = (() => {
    if (!snapshot) return recovery.loadError ? '' : 'Loading…'
    if (view === 'done')
      return `Done. Your wallet ${accountName ? `${accountName} (${connection.address})` : connection.address} is connected with your new passkey.`
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
        : view === 'email' && snapshot?.interrupted && sessionSecondsLeft
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
  return (
    <section
      className={['wcp-panel', className].filter(Boolean).join(' ')}
      aria-labelledby={`${id}-title`}
    >
      <style>{panelFrameStyles + panelStyles}</style>
      <h2 id={`${id}-title`}>Recover your wallet</h2>
      <p
        className="wcp-status"
        role="status"
        tabIndex={-1}
        ref={view === 'done' ? (focusRef as never) : undefined}
      >
        {status}
      </p>
      <p className="wcp-timer" aria-live="off">
        {timer}
      </p>
      {steps}
      <p className="wcp-error" role="alert">
        {error ? describeError(error) : ''}
      </p>
    </section>
  )
}
