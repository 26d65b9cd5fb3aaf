import { type FormEvent, useId, useState } from 'react'
import { type Connector, useConnect, useConnection } from 'wagmi'
import type { RecoveryType } from '../recovery/recoveryState.js'
import { describeError } from './describeError.js'
import { formatDuration } from './formatDuration.js'
import { panelStyles } from './panelStyles.js'
import { useFocusOnChange } from './useFocusOnChange.js'
import { usePanelAccountName } from './usePanelAccountName.js'
import { useRecovery } from './useRecovery.js'

export type RecoveryPanelProps = {
  /** The passkeyWallet connector; the config's first one by default. */
  connector?: Connector | undefined
  /** Prefills the email field. */
  defaultEmail?: string | undefined
  className?: string | undefined
}

type View = 'loading' | 'email' | 'code' | 'passkey' | 'sign-in' | 'done'

const ignore = () => {}

/**
 * Recovers a passkey wallet by emailed code: email → code → new passkey →
 * sign in, with progress, time left and errors announced to screen readers.
 * Usable with the keyboard alone; themable with `--wcp-*` CSS variables.
 */
export function RecoveryPanel({
  connector,
  defaultEmail = '',
  className,
}: RecoveryPanelProps) {
  const recovery = useRecovery({ connector })
  const { flow, snapshot, codeSecondsLeft, sessionSecondsLeft } = recovery
  const connect = useConnect()
  const connection = useConnection()
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
  const codeFormat = snapshot?.codeFormat
  const signedIn =
    recovered !== undefined &&
    connection.status === 'connected' &&
    connection.address === recovered
  const view: View = !snapshot
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
    (view === 'sign-in' ? (connect.error ?? undefined) : undefined)
  const focusRef = useFocusOnChange<HTMLElement>(
    view === 'loading' ? undefined : view,
    error,
  )

  const status = (() => {
    if (!snapshot) return recovery.loadError ? '' : 'Loading…'
    if (signedIn)
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
        return connect.isPending
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
  const busy =
    step === 'sending-email' ||
    step === 'verifying-code' ||
    step === 'creating-passkey' ||
    connect.isPending

  return (
    <section
      className={['wcp-panel', className].filter(Boolean).join(' ')}
      aria-labelledby={`${id}-title`}
    >
      <style>{panelStyles}</style>
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
            onClick={() =>
              recovery.connector &&
              connect.mutate(
                { connector: recovery.connector },
                { onSuccess: ({ accounts }) => setRecovered(accounts[0]) },
              )
            }
          >
            Sign in with new passkey
          </button>
        </div>
      )}

      <p className="wcp-error" role="alert">
        {error ? describeError(error) : ''}
      </p>
    </section>
  )
}
