import type { FormEvent, Ref } from 'react'
import type { RecoveryType } from '../turnkey/hostBackendContract.js'

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
