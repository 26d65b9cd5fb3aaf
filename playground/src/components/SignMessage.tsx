import { type FormEvent, useState } from 'react'
import { useSignMessage } from 'wagmi'
import { ErrorMessage } from './ErrorMessage.js'

export function SignMessage() {
  const [message, setMessage] = useState('Hello from the playground')
  const sign = useSignMessage()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    sign.mutate({ message })
  }
  return (
    <section className="card">
      <h2>Sign message</h2>
      <form onSubmit={onSubmit}>
        <input
          aria-label="Message"
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
        <button type="submit" disabled={sign.isPending}>
          Sign
        </button>
      </form>
      {sign.data && (
        <p
          className="status"
          data-testid="signature"
          data-message={sign.variables?.message as string | undefined}
        >
          {sign.data}
        </p>
      )}
      <ErrorMessage error={sign.error} />
    </section>
  )
}
