import { vendorUrl } from 'virtual:sandbox'
import { type FormEvent, useState } from 'react'

type Email = {
  to: string
  kind: string
  subject: string
  secret: string
  sentAtMs: number
}

/** What the sandbox "emailed": a person completes recovery by copying the code from here. */
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
      <h2 id="inbox-title">Sandbox inbox</h2>
      <form onSubmit={open}>
        <label>
          Inbox of{' '}
          <input
            type="email"
            required
            value={to}
            onChange={(event) => setTo(event.target.value)}
          />
        </label>
        <button type="submit">Open inbox</button>
      </form>
      {error && <p className="error">{error}</p>}
      {emails?.length === 0 && <p>No email yet.</p>}
      <ol className="inbox">
        {emails?.map((email) => (
          <li key={`${email.sentAtMs}-${email.secret}`}>
            <strong>{email.subject}</strong>{' '}
            <small>
              {email.kind}, {new Date(email.sentAtMs).toLocaleTimeString()}
            </small>
            <pre>{email.secret}</pre>
          </li>
        ))}
      </ol>
    </section>
  )
}
