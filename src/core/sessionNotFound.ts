import { BaseError } from './errors.js'

export type SessionNotFoundErrorType = SessionNotFoundError & {
  name: 'SessionNotFoundError'
}
/** A request needs a wallet session and there is none: connect first. */
export class SessionNotFoundError extends BaseError {
  override name = 'SessionNotFoundError'
  static get code() {
    return 'session_not_found' as const
  }
  constructor({ cause }: { cause?: unknown } = {}) {
    super('No session found', {
      code: SessionNotFoundError.code,
      cause,
      metaMessages: ['Connect the wallet, then retry the request.'],
    })
  }
}
