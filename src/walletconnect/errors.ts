import { BaseError } from '../core/errors.js'
import type { MissingSessionRequirements } from './requirements.js'

export type PairingAttemptsExhaustedErrorType =
  PairingAttemptsExhaustedError & {
    name: 'PairingAttemptsExhaustedError'
  }
/** Every automatic pairing URI expired unused: a pairing renews its URI at most 10 times. */
export class PairingAttemptsExhaustedError extends BaseError {
  override name = 'PairingAttemptsExhaustedError'
  static get code() {
    return 'max_pairing_attempts' as const
  }
  constructor({ attempts }: { attempts: number }) {
    super('Max auto pairing attempts reached', {
      code: PairingAttemptsExhaustedError.code,
      details: `${attempts} pairing URIs expired without being used`,
      metaMessages: ['Call connect() again to show a new code.'],
    })
  }
}

export type PairingResetErrorType = PairingResetError & {
  name: 'PairingResetError'
}
/** The wallet or the SDK reset the connection request. */
export class PairingResetError extends BaseError {
  override name = 'PairingResetError'
  static get code() {
    return 'connection_request_reset' as const
  }
  constructor({ cause }: { cause?: unknown } = {}) {
    super('Connection request reset. Please try again.', {
      code: PairingResetError.code,
      cause,
    })
  }
}

export type PairingAbortedErrorType = PairingAbortedError & {
  name: 'PairingAbortedError'
}
/** The host or the user stopped waiting (disconnect during pairing). */
export class PairingAbortedError extends BaseError {
  override name = 'PairingAbortedError'
  static get code() {
    return 'pairing_aborted' as const
  }
  constructor() {
    super('Pairing aborted', { code: PairingAbortedError.code })
  }
}

export type IncompleteSessionErrorType = IncompleteSessionError & {
  name: 'IncompleteSessionError'
}
/**
 * The wallet approved a session without what the connector needs to work:
 * the methods `eth_sendTransaction` and `personal_sign`, the events
 * `chainChanged` and `accountsChanged`, and an eip155 account on a
 * configured chain. The session was ended at once and nothing was stored.
 */
export class IncompleteSessionError extends BaseError {
  override name = 'IncompleteSessionError'
  static get code() {
    return 'incomplete_session' as const
  }
  readonly missing: MissingSessionRequirements
  constructor(missing: MissingSessionRequirements) {
    const lines = [
      missing.methods.length > 0 &&
        `Methods it did not approve: ${missing.methods.join(', ')}.`,
      missing.events.length > 0 &&
        `Events it did not approve: ${missing.events.join(', ')}.`,
      missing.account &&
        `No account on any of this app's chains (${missing.account.chainIds.join(', ')}).`,
    ].filter((line): line is string => typeof line === 'string')
    super('The wallet approved a session this app cannot use.', {
      code: IncompleteSessionError.code,
      details: lines.join(' '),
      metaMessages: [
        ...lines,
        'The session was ended. Use a wallet that supports these, then connect again.',
      ],
    })
    this.missing = missing
  }
}

export type InvalidWalletConnectParameterErrorType =
  InvalidWalletConnectParameterError & {
    name: 'InvalidWalletConnectParameterError'
  }
/** walletConnectDeepLink() was given an option it cannot use. */
export class InvalidWalletConnectParameterError extends BaseError {
  override name = 'InvalidWalletConnectParameterError'
  static get code() {
    return 'invalid_parameter' as const
  }
  constructor(name: string, expected: string) {
    super(`walletConnectDeepLink: \`${name}\` must be ${expected}.`, {
      code: InvalidWalletConnectParameterError.code,
    })
  }
}
