import { BaseError } from '../core/errors.js'

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
