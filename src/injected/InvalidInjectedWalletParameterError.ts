import { BaseError } from '../core/errors/BaseError.js'
import { walletRegistry } from '../wallets/walletRegistry.js'

function show(value: unknown) {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    // Circular or without a prototype: its kind is all that can be said.
    return Object.prototype.toString.call(value)
  }
}

export type InvalidInjectedWalletParameterErrorType =
  InvalidInjectedWalletParameterError & {
    name: 'InvalidInjectedWalletParameterError'
  }
/** injectedWallet() was given a wallet it does not know. */
export class InvalidInjectedWalletParameterError extends BaseError {
  override name = 'InvalidInjectedWalletParameterError'
  static get code() {
    return 'invalid_parameter' as const
  }
  constructor({ wallet }: { wallet: unknown }) {
    super(
      `injectedWallet: \`wallet\` must be a registry id or a descriptor with an id and a name, got ${show(wallet)}.`,
      {
        code: InvalidInjectedWalletParameterError.code,
        metaMessages: [
          `Registry ids: ${Object.keys(walletRegistry).join(', ')}.`,
        ],
      },
    )
  }
}
