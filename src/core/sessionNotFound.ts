import { BaseError } from './errors.js'

/**
 * Why a session went missing: `'ended'`, the session a request was sent in
 * ended before the request went out (a disconnect, the wallet ended it,
 * another account was restored); `'abandoned'`, a disconnect came while a
 * connect was under way. A SessionNotFoundError without one found no session
 * to begin with. Whatever the reason, nothing was sent or stored.
 */
export type SessionNotFoundReason = 'ended' | 'abandoned'

export type SessionNotFoundErrorType = SessionNotFoundError & {
  name: 'SessionNotFoundError'
}
/**
 * A request or a connect needs a wallet session and there is none: connect,
 * then retry. Why is `reason`, a field rather than words in the message,
 * because a host branches on it: a connect its own disconnect abandoned
 * (`'abandoned'`) is no failure to show, as a user's "no" is none.
 */
export class SessionNotFoundError extends BaseError {
  override name = 'SessionNotFoundError'
  static get code() {
    return 'session_not_found' as const
  }
  readonly reason: SessionNotFoundReason | undefined
  // `reason` first: `cause` last, as in the pack's other errors, compresses with them.
  constructor({
    reason,
    cause,
  }: { reason?: SessionNotFoundReason | undefined; cause?: unknown } = {}) {
    // The specification's two sentences: a request whose session ended on its way, and every other.
    super(reason === 'ended' ? 'no session' : 'No session found', {
      code: SessionNotFoundError.code,
      cause,
      metaMessages: ['Connect the wallet, then retry the request.'],
    })
    this.reason = reason
  }
}
