import { useSignTypedData } from 'wagmi'
import { playgroundTypedData } from '../typedData.js'
import { ErrorMessage } from './ErrorMessage.js'

export function SignTypedData() {
  const sign = useSignTypedData()
  return (
    <section className="card">
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
