import type { VendorClient } from '../turnkey/createVendorClient.js'
import { VendorRequestError } from '../turnkey/errors.js'
import type { Stamper } from '../turnkey/Stamper.js'

// The vendor no longer takes the key: expired by its clock, or removed.
const deadSessionKey = /expired api key|could not find public key/i

/**
 * When the vendor refuses a session key (its clock is the one that counts,
 * and a key may be invalidated), forget the session and send the request
 * again with the passkey.
 */
export function withSessionFallback(
  vendor: VendorClient,
  { onExpired, fallback }: { onExpired(): Promise<void>; fallback(): Stamper },
): VendorClient {
  async function retry<result>(
    stamper: Stamper,
    call: (stamper: Stamper) => Promise<result>,
  ): Promise<result> {
    try {
      return await call(stamper)
    } catch (error) {
      if (
        stamper.kind !== 'session' ||
        !(error instanceof VendorRequestError) ||
        !deadSessionKey.test(error.vendorMessage)
      )
        throw error
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
