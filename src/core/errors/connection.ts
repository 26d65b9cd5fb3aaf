import { ProviderNotFoundError as WagmiProviderNotFoundError } from '@wagmi/core'
import { asPackError } from './asPackError.js'
import { BaseError } from './BaseError.js'

export type ConnectionRejectedErrorType = ConnectionRejectedError & {
  name: 'ConnectionRejectedError'
}
/** The wallet declined the pairing or connection request. */
export class ConnectionRejectedError extends BaseError {
  override name = 'ConnectionRejectedError'
  static get code() {
    return 'connection_rejected' as const
  }
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Connection rejected. Please try again.', {
      code: ConnectionRejectedError.code,
      cause,
    })
  }
}

export type ProviderNotFoundErrorType = ProviderNotFoundError & {
  name: 'ProviderNotFoundError'
}
/**
 * No wallet provider to talk to. It is `@wagmi/core`'s
 * `ProviderNotFoundError` (not our `BaseError`), with the SPEC's words and our `code`.
 */
export class ProviderNotFoundError extends WagmiProviderNotFoundError {
  static get code() {
    return 'provider_not_found' as const
  }
  declare readonly code: string | number | undefined
  /** Where the user gets the missing wallet, when it is known. */
  readonly installUrl: string | undefined
  constructor({
    cause,
    metaMessages,
    installUrl,
  }: {
    cause?: unknown
    metaMessages?: string[] | undefined
    installUrl?: string | undefined
  } = {}) {
    super()
    asPackError(this, 'No provider found', {
      code: ProviderNotFoundError.code,
      cause,
      metaMessages:
        metaMessages ??
        (installUrl ? [`Install the wallet: ${installUrl}`] : undefined),
    })
    this.installUrl = installUrl
  }
}

export type SessionEndedErrorType = SessionEndedError & {
  name: 'SessionEndedError'
}
/**
 * A request needed the session it was sent in, and that session is gone
 * (disconnected or ended by the wallet) before the request went out.
 */
export class SessionEndedError extends BaseError {
  override name = 'SessionEndedError'
  static get code() {
    return 'no_session' as const
  }
  constructor({ cause }: { cause?: unknown } = {}) {
    super('no session', {
      code: SessionEndedError.code,
      cause,
      metaMessages: ['Connect the wallet again, then retry the request.'],
    })
  }
}

export type RequestRefusedErrorType = RequestRefusedError & {
  name: 'RequestRefusedError'
}
/** The request cannot be carried out in the current state. */
export class RequestRefusedError extends BaseError {
  override name = 'RequestRefusedError'
  static get code() {
    return 'request_refused' as const
  }
  constructor({
    cause,
    details,
  }: { cause?: unknown; details?: string | undefined } = {}) {
    super('Cannot proceed with your request', {
      code: RequestRefusedError.code,
      cause,
      details,
    })
  }
}
