import { BaseError } from '../core/errors/BaseError.js'
import { walletIds } from '../wallets/walletRegistry.js'

export type RedirectedToWalletErrorType = RedirectedToWalletError & {
  name: 'RedirectedToWalletError'
}
/** On a phone without the wallet, the page was opened in the wallet app's browser instead. */
export class RedirectedToWalletError extends BaseError {
  override name = 'RedirectedToWalletError'
  static get code() {
    return 'redirected_to_wallet' as const
  }
  /** The link that was opened. */
  readonly link: string
  constructor({ wallet, link }: { wallet: string; link: string }) {
    super(`Opened this page in ${wallet}: continue there`, {
      code: RedirectedToWalletError.code,
      details: link,
      metaMessages: [
        `${wallet} is not in this browser, so the page was opened in ${wallet}'s own browser.`,
      ],
    })
    this.link = link
  }
}

export type InAppBrowserNotFoundErrorType = InAppBrowserNotFoundError & {
  name: 'InAppBrowserNotFoundError'
}
/** On a phone without the wallet, and no known link opens a page in its app. */
export class InAppBrowserNotFoundError extends BaseError {
  override name = 'InAppBrowserNotFoundError'
  static get code() {
    return 'in_app_browser_not_found' as const
  }
  constructor({ wallet }: { wallet: string }) {
    super(`No inAppBrowserBase found for ${wallet}`, {
      code: InAppBrowserNotFoundError.code,
      metaMessages: [
        'Offer WalletConnect for this wallet, or open the page in its app by hand.',
      ],
    })
  }
}

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
