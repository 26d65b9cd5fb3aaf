import { BaseError } from '../core/errors.js'

export type PasskeyWalletNotFoundErrorType = PasskeyWalletNotFoundError & {
  name: 'PasskeyWalletNotFoundError'
}
/** A hook that needs passkeyWallet found none: not in the wagmi config, nor given as `connector`. */
export class PasskeyWalletNotFoundError extends BaseError {
  override name = 'PasskeyWalletNotFoundError'
  static get code() {
    return 'passkey_wallet_not_found' as const
  }
  constructor() {
    super('No passkeyWallet connector in the wagmi config.', {
      code: PasskeyWalletNotFoundError.code,
      metaMessages: [
        'Add passkeyWallet() to the config’s connectors, or pass it as `connector`.',
      ],
    })
  }
}
