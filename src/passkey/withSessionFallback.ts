import type { VendorClient } from './createVendorClient.js'
import { VendorRequestError } from './errors.js'
import type { Stamper } from './Stamper.js'

/**
 * When the vendor says a session key has expired (its clock is the one that
 * counts), forget the session and send the request again with the passkey.
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
        error.vendorMessage !== 'expired api key'
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
