import { SessionNotFoundError } from '../core/errors.js'

export type ConnectionAbandonedErrorType = ConnectionAbandonedError & {
  name: 'ConnectionAbandonedError'
}
/**
 * passkeyWallet was disconnected while a connect (sign-up, log-in or
 * reconnect) was still under way: that connect ends with it, storing
 * nothing. It is a `SessionNotFoundError` (SPEC's 'No session found', code
 * `session_not_found`), so checks written for that hold.
 */
export class ConnectionAbandonedError extends SessionNotFoundError {
  override name = 'ConnectionAbandonedError'
}
