import { BaseError } from '../core/errors.js'

export type InvalidPasskeyWalletParameterErrorType =
  InvalidPasskeyWalletParameterError & {
    name: 'InvalidPasskeyWalletParameterError'
  }
/** passkeyWallet() was given an option it cannot work with. */
export class InvalidPasskeyWalletParameterError extends BaseError {
  override name = 'InvalidPasskeyWalletParameterError'
  static get code() {
    return 'invalid_parameter' as const
  }
  constructor(parameter: string, expected: string) {
    super(`passkeyWallet: invalid \`${parameter}\`: expected ${expected}.`, {
      code: InvalidPasskeyWalletParameterError.code,
    })
  }
}
