import { hostOrigin } from '../hostOrigin.js'

/**
 * The relying parties (passkey rp ids) the sandbox is told about, and which of
 * them a page's origin may act for: its own hostname or a parent domain, over
 * https (http only on localhost, as browsers allow WebAuthn there).
 */
export type RelyingParties = {
  /** The rp ids `origin` may use, most specific first; none when the origin is not allowed. */
  rpIdsFor(origin: string): string[]
}

export function createRelyingParties(rpIds: readonly string[]): RelyingParties {
  const known = rpIds.map((rpId) => rpId.toLowerCase())
  return {
    rpIdsFor(origin) {
      // Exactly an origin a browser lets use passkeys (hostOrigin), as sent.
      let hostname: string
      try {
        if (hostOrigin(origin) !== origin) return []
        hostname = new URL(origin).hostname
      } catch {
        return []
      }
      return known
        .filter((rpId) => hostname === rpId || hostname.endsWith(`.${rpId}`))
        .sort((a, b) => b.length - a.length)
    },
  }
}
