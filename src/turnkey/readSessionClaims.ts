import { fromBase64Url } from '../core/base64url.js'
import { VendorRequestError } from './errors.js'

/** The public claims of the vendor's session JWT: whose session, in which organization, until when. */
export function readSessionClaims(jwt: string) {
  try {
    const payload = JSON.parse(
      new TextDecoder().decode(fromBase64Url(jwt.split('.')[1] ?? '')),
    ) as { exp?: unknown; organization_id?: unknown; user_id?: unknown }
    if (
      typeof payload.exp === 'number' &&
      typeof payload.organization_id === 'string' &&
      typeof payload.user_id === 'string'
    )
      return {
        exp: payload.exp,
        organizationId: payload.organization_id,
        userId: payload.user_id,
      }
  } catch {
    // Fall through: a session we cannot read is no session.
  }
  throw new VendorRequestError({
    status: 200,
    statusText: 'malformed session token',
    body: undefined,
  })
}
