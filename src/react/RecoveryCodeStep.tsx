import type { FormEvent, Ref } from 'react'
import type { RecoveryCodeFormat } from '../recovery/CodeSender.js'

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
