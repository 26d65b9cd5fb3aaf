import type { FormEvent, Ref } from 'react'
import type { RecoveryCodeFormat } from '../recovery/recoveryCode.js'
import type { RecoverySnapshot } from '../recovery/recoveryFlow.js'
import type { RecoveryType } from '../turnkey/hostBackendContract.js'

/*
 * The recovery panel's steps: which one the flow's step shows, its status
 * line and time left, and the forms of the email and code steps.
 */

/** What the recovery panel shows, step by step. */
export type RecoveryView = 'email' | 'code' | 'passkey' | 'sign-in' | 'done'

/** The panel's view for where the flow stands (`signedIn`: this panel's own sign-in connected). */
export function recoveryView(
  snapshot: RecoverySnapshot,
  signedIn: boolean,
): RecoveryView {
  const { step } = snapshot
  if (signedIn) return 'done'
  if (step === 'idle' || step === 'sending-email' || step === 'signing-in')
    return 'email'
  if (step === 'waiting-for-code' || step === 'verifying-code') return 'code'
  if (step === 'passkey-created') return 'sign-in'
  return 'passkey'
}

/** The name of the provider a recovery signs in with, as the host named it. */
const providerName = ({ providers, provider }: RecoverySnapshot) =>
  providers.find(({ id }) => id === provider)?.name ?? provider

/** The status line: where the recovery stands, and what to do next. */
export function recoveryStatus(
  snapshot: RecoverySnapshot,
  {
    signedInAs,
    signingIn,
  }: { signedInAs: string | undefined; signingIn: boolean },
): string {
  if (signedInAs !== undefined)
    return `Done. Your wallet ${signedInAs} is connected with your new passkey.`
  switch (snapshot.step) {
    case 'idle':
      return snapshot.interrupted
        ? 'A recovery was in progress when this page was reloaded. For your safety a code works only in the page that asked for it: send a new code.'
        : 'Enter the email of your account and we will send you a code.'
    case 'signing-in':
      return `Sign in with ${providerName(snapshot)} in its window.`
    case 'sending-email':
      return 'Sending email…'
    case 'waiting-for-code':
      return `We sent a code to ${snapshot.email}. ${snapshot.codeFormat ? 'Type' : 'Paste'} it below.`
    case 'verifying-code':
      return 'Checking the code…'
    case 'ready-to-create-passkey':
      return snapshot.type === 'provider'
        ? `Signed in with ${providerName(snapshot)}. Create a new passkey for this device.`
        : 'Code accepted. Create a new passkey for this device.'
    case 'creating-passkey':
      return 'Creating passkey… Follow the prompt of your device.'
    case 'passkey-created':
      return signingIn
        ? 'Signing in… Follow the prompt of your device.'
        : 'Passkey created. Sign in with it to open your wallet.'
  }
}

/** Seconds as "m:ss" (or "h:mm:ss"), for countdowns a screen reader can read out. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds))
  const s = String(seconds % 60).padStart(2, '0')
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return `${minutes}:${s}`
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:${s}`
}

/** The time left that matters in this view: the code's, or the recovery session's. */
export function recoveryTimer(
  view: RecoveryView,
  {
    interrupted,
    codeSecondsLeft,
    sessionSecondsLeft,
  }: {
    interrupted: boolean
    codeSecondsLeft: number | undefined
    sessionSecondsLeft: number | undefined
  },
): string {
  if (view === 'code' && codeSecondsLeft !== undefined)
    return codeSecondsLeft > 0
      ? `The code works for ${formatDuration(codeSecondsLeft)} more.`
      : 'The code has expired: send a new one.'
  if (
    sessionSecondsLeft !== undefined &&
    (view === 'passkey' ||
      (view === 'email' && interrupted && sessionSecondsLeft))
  )
    return `Recovery session ends in ${formatDuration(sessionSecondsLeft)}.`
  return ''
}

/** The recovery panel's first step: the account's email, and which recovery when both are offered. */
export function RecoveryEmailStep({
  id,
  focusRef,
  busy,
  email,
  onEmail,
  type,
  onType,
  offersBoth,
  onSubmit,
}: {
  id: string
  focusRef: Ref<HTMLElement>
  busy: boolean
  email: string
  onEmail(email: string): void
  type: RecoveryType
  onType(type: RecoveryType): void
  offersBoth: boolean
  onSubmit(event: FormEvent): void
}) {
  return (
    <form onSubmit={onSubmit}>
      <label htmlFor={`${id}-email`}>Email</label>
      <input
        id={`${id}-email`}
        ref={focusRef as never}
        type="email"
        autoComplete="email"
        required
        value={email}
        disabled={busy}
        onChange={(event) => onEmail(event.target.value)}
      />
      {offersBoth && (
        <fieldset disabled={busy}>
          <legend>What do you need?</legend>
          <label className="wcp-option">
            <input
              type="radio"
              name={`${id}-type`}
              checked={type === 'email'}
              onChange={() => onType('email')}
            />
            Sign in with an email code and add a passkey
          </label>
          <label className="wcp-option">
            <input
              type="radio"
              name={`${id}-type`}
              checked={type === 'passkey'}
              onChange={() => onType('passkey')}
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
  )
}

/** The recovery panel's code step: the emailed code, a new one, or the start again. */
export function RecoveryCodeStep({
  id,
  focusRef,
  busy,
  code,
  onCode,
  codeFormat,
  onSubmit,
  onSendAgain,
  onStartOver,
}: {
  id: string
  focusRef: Ref<HTMLElement>
  busy: boolean
  code: string
  onCode(code: string): void
  codeFormat: RecoveryCodeFormat | undefined
  onSubmit(event: FormEvent): void
  onSendAgain(): void
  onStartOver(): void
}) {
  return (
    <form onSubmit={onSubmit}>
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
          onChange={(event) => onCode(event.target.value)}
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
          onChange={(event) => onCode(event.target.value)}
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
        <button type="button" disabled={busy} onClick={onSendAgain}>
          Send a new code
        </button>
        <button type="button" disabled={busy} onClick={onStartOver}>
          Start over
        </button>
      </div>
    </form>
  )
}
