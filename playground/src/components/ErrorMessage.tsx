import type { BaseError } from 'wagmi'

/** Shows a wagmi/viem error's short message, as a host app would. */
export function ErrorMessage({ error }: { error: Error | null }) {
  if (!error) return null
  return (
    <p className="error" role="alert">
      {(error as BaseError).shortMessage ?? error.message}
    </p>
  )
}
