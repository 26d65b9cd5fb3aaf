import { useSignTypedData } from 'wagmi'
import { ErrorMessage } from './ErrorMessage.js'

export const playgroundTypedData = {
  domain: { name: 'Playground', version: '1', chainId: 1 },
  types: {
    Mail: [
      { name: 'to', type: 'string' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: { to: 'Bob', contents: 'Hello from the playground' },
} as const

export function SignTypedData() {
  const sign = useSignTypedData()
  return (
    <section>
      <h2>Sign typed data (EIP-712)</h2>
      <button
        type="button"
        disabled={sign.isPending}
        onClick={() => sign.mutate(playgroundTypedData)}
      >
        Sign typed data
      </button>
      {sign.data && (
        <p className="status" data-testid="typed-signature">
          {sign.data}
        </p>
      )}
      <ErrorMessage error={sign.error} />
    </section>
  )
}
