import { BaseError } from '../core/errors.js'
import { walletIds } from '../wallets/walletIds.js'

function show(value: unknown) {
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    // Circular or without a prototype: its kind is all that can be said.
    return Object.prototype.toString.call(value)
  }
}

/** What to write instead: the registry's descriptor when `wallet` names one. */
function fix(wallet: unknown) {
  const known = (walletIds as readonly unknown[]).includes(wallet)
    ? (wallet as string)
    : undefined
  return known
    ? `Pass its descriptor: \`import { ${known} } from 'wagmi-connector-pack/injected'\`, then \`injectedWallet({ wallet: ${known} })\`.`
    : `Registry descriptors: ${walletIds.join(', ')}.`
}

export type InvalidInjectedWalletParameterErrorType =
  InvalidInjectedWalletParameterError & {
    name: 'InvalidInjectedWalletParameterError'
  }
/** injectedWallet() was given something other than a wallet descriptor. */
export class InvalidInjectedWalletParameterError extends BaseError {
  override name = 'InvalidInjectedWalletParameterError'
  static get code() {
    return 'invalid_parameter' as const
  }
  constructor({ wallet }: { wallet: unknown }) {
    super(
      `injectedWallet: \`wallet\` must be a wallet descriptor with an id and a name, such as \`metamask\` from 'wagmi-connector-pack/injected', got ${show(wallet)}.`,
      {
        code: InvalidInjectedWalletParameterError.code,
        metaMessages: [fix(wallet)],
      },
    )
  }
}
