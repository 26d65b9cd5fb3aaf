import { vendorUrl } from 'virtual:sandbox'
import { type FormEvent, useState } from 'react'

type Email = {
  to: string
  kind: string
  subject: string
  secret: string
  sentAtMs: number
}

/** What the sandbox "emailed": a person completes a sign-up or a recovery by copying the code from here. */
export function SandboxInbox() {
  const [to, setTo] = useState('')
  const [emails, setEmails] = useState<Email[] | undefined>(undefined)
  const [error, setError] = useState('')
  const open = async (event: FormEvent) => {
    event.preventDefault()
    setError('')
    try {
      const response = await fetch(
        `${vendorUrl}/sandbox/outbox?to=${encodeURIComponent(to)}`,
      )
      const body = await response.json()
      if (!response.ok) throw new Error(body.message ?? 'Inbox unavailable')
      setEmails([...(body.emails as Email[])].reverse())
    } catch (failure) {
      setError((failure as Error).message)
    }
  }
  return (
    <section aria-labelledby="inbox-title">
      <h3 id="inbox-title">Inbox</h3>
      <p className="hint">The emails the sandbox sent, newest first.</p>
      <form onSubmit={open} className="row">
        <label>
          Inbox of
          <input
            type="email"
            required
            value={to}
            onChange={(event) => setTo(event.target.value)}
          />
        </label>
        <button type="submit">Open inbox</button>
      </form>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {emails?.length === 0 && <p className="hint">No email yet.</p>}
      <ol className="inbox">
        {emails?.map((email) => (
          <li key={`${email.sentAtMs}-${email.secret}`}>
            <strong>{email.subject}</strong>
            <small className="hint">
              {email.kind}, {new Date(email.sentAtMs).toLocaleTimeString()}
            </small>
            <pre>{email.secret}</pre>
          </li>
        ))}
      </ol>
    </section>
  )
}
