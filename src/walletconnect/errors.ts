import { BaseError } from '../core/errors/BaseError.js'

export type PairingAttemptsExhaustedErrorType =
  PairingAttemptsExhaustedError & {
    name: 'PairingAttemptsExhaustedError'
  }
/** Every automatic pairing URI expired unused (SPEC §9: at most 10). */
export class PairingAttemptsExhaustedError extends BaseError {
  override name = 'PairingAttemptsExhaustedError'
  static readonly code = 'max_pairing_attempts'
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
  static readonly code = 'connection_request_reset'
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
  static readonly code = 'pairing_aborted'
  constructor() {
    super('Pairing aborted', { code: PairingAbortedError.code })
  }
}

export type InvalidWalletConnectParameterErrorType =
  InvalidWalletConnectParameterError & {
    name: 'InvalidWalletConnectParameterError'
  }
/** walletConnectDeepLink() was given an option it cannot use. */
export class InvalidWalletConnectParameterError extends BaseError {
  override name = 'InvalidWalletConnectParameterError'
  static readonly code = 'invalid_parameter'
  constructor(name: string, expected: string) {
    super(`walletConnectDeepLink: \`${name}\` must be ${expected}.`, {
      code: InvalidWalletConnectParameterError.code,
    })
  }
}
