import { ProviderNotFoundError as WagmiProviderNotFoundError } from '@wagmi/core'
import { UserRejectedRequestError } from 'viem'
import {
  BaseError,
  type BaseErrorParameters,
  detailsOf,
  formatMessage,
  packErrorVersion,
} from './errors.js'
import { providerErrorCode } from './walletAnswers.js'

/**
 * Gives an error built on one of wagmi's classes our shape: the pack's
 * sentence as `shortMessage`, our `code`, `details`, message layout and
 * version. It stays wagmi's class, so it is not `instanceof` our BaseError:
 * hosts check it by wagmi's class or by its `code`.
 */
export function asPackError<error extends Error>(
  error: error,
  shortMessage: string,
  parameters: BaseErrorParameters,
): error & { code: string | number | undefined } {
  const details = parameters.details ?? detailsOf(parameters.cause)
  Object.defineProperties(error, {
    shortMessage: { value: shortMessage, writable: true, configurable: true },
    code: { value: parameters.code, enumerable: true, configurable: true },
    details: { value: details, writable: true, configurable: true },
    docsPath: {
      value: parameters.docsPath,
      writable: true,
      configurable: true,
    },
    metaMessages: {
      value: parameters.metaMessages,
      writable: true,
      configurable: true,
    },
    version: { value: packErrorVersion, configurable: true },
    message: {
      value: formatMessage(shortMessage, details, parameters),
      writable: true,
      configurable: true,
    },
  })
  if (parameters.cause !== undefined)
    Object.defineProperty(error, 'cause', {
      value: parameters.cause,
      writable: true,
      configurable: true,
    })
  return error as error & { code: string | number | undefined }
}

/**
 * A user's "no", as wagmi's connectors give it: viem's
 * UserRejectedRequestError (code 4001), so `code === 4001` and
 * `instanceof UserRejectedRequestError` recognise every refusal. Its cause
 * is the pack's error that says what was refused (its `code` reachable by
 * `walk()`), and its words are that error's.
 */
export function userRejection(refused: BaseError): UserRejectedRequestError {
  const rejection = new UserRejectedRequestError(refused)
  const [, ...rest] = rejection.message.split('\n')
  rejection.shortMessage = refused.shortMessage
  rejection.message = [refused.shortMessage, ...rest].join('\n')
  return rejection
}

/** A wallet's own refusal of a request: EIP-1193's 4001, or WalletConnect's USER_REJECTED (5000). */
export function isWalletRejection(error: unknown): boolean {
  const code = providerErrorCode(error)
  return code === 4001 || code === 5000
}

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
 * `ProviderNotFoundError` (not our `BaseError`), with the pack's message and `code`.
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
