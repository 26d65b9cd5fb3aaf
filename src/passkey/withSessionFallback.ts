import type { VendorClient } from '../turnkey/createVendorClient.js'
import { grpcCode, VendorRequestError } from '../turnkey/errors.js'
import type { Stamper } from '../turnkey/stampers.js'

/** The vendor no longer takes the session key that stamped the request: expired by its clock, or removed. */
export const isDeadSessionKeyError = (error: unknown) =>
  error instanceof VendorRequestError &&
  /expired api key|could not find public key/i.test(error.vendorMessage)

/** The vendor takes the session key, but its session profile's scope does not allow the request. */
export const isOutOfScopeError = (error: unknown) =>
  error instanceof VendorRequestError &&
  error.status === 403 &&
  error.vendorCode === grpcCode.permissionDenied

/**
 * When the vendor refuses a session key (its clock is the one that counts,
 * and a key may be invalidated), forget the session and send the request
 * again with the passkey; unless the session was ended on purpose since
 * (`endedError`), which ends the request with that error, unprompted. A
 * request outside the key's scope is sent again with the passkey, that one
 * request only: the session goes on signing what it may.
 */
export function withSessionFallback(
  vendor: VendorClient,
  {
    onExpired,
    fallback,
    endedError,
    scoped,
  }: {
    /** The key is issued under a session profile: a refusal on scope asks the passkey. */
    scoped: boolean
    onExpired(): Promise<void>
    fallback(): Stamper
    /** The error for a request whose key's session was ended since it was stamped; undefined while it is still the session's. */
    endedError(stamper: Stamper): Error | undefined
  },
): VendorClient {
  async function retry<result>(
    stamper: Stamper,
    call: (stamper: Stamper) => Promise<result>,
  ): Promise<result> {
    try {
      return await call(stamper)
    } catch (error) {
      const outOfScope = scoped && isOutOfScopeError(error)
      if (
        stamper.kind !== 'session' ||
        !(outOfScope || isDeadSessionKeyError(error))
      )
        throw error
      const ended = endedError(stamper)
      if (ended) throw ended
      if (outOfScope) return call(fallback())
      await onExpired()
      return call(fallback())
    }
  }
  return {
    query: (name, body, stamper) =>
      retry(stamper, (s) => vendor.query(name, body, s)),
    submit: (name, activity, stamper) =>
      retry(stamper, (s) => vendor.submit(name, activity, s)),
  }
}
