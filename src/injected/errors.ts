import { BaseError } from '../core/errors.js'

// The errors the runtime rejects with: a bad option, the wallet is not in the
// page, or it does not answer. Only the runtime throws them, so that a page
// that only configures the connector carries none of these.

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

export type WalletTimeoutErrorType = WalletTimeoutError & {
  name: 'WalletTimeoutError'
}
/** The wallet did not answer a request it answers at once (its accounts, its chain) within the deadline. */
export class WalletTimeoutError extends BaseError {
  override name = 'WalletTimeoutError'
  static get code() {
    return 'wallet_timeout' as const
  }
  /** The request that got no answer. */
  readonly method: string
  readonly timeoutMs: number
  constructor({ method, timeoutMs }: { method: string; timeoutMs: number }) {
    super('The wallet did not answer in time.', {
      code: WalletTimeoutError.code,
      details: `${method} got no answer within ${timeoutMs} ms`,
      metaMessages: [
        'The wallet may be locked or still loading: open it, then try again.',
      ],
    })
    this.method = method
    this.timeoutMs = timeoutMs
  }
}

/** `value` as the message shows it: JSON where it can be, else its kind. */
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
/** injectedWallet() was given something other than a wallet descriptor. */
export class InvalidInjectedWalletParameterError extends BaseError {
  override name = 'InvalidInjectedWalletParameterError'
  static get code() {
    return 'invalid_parameter' as const
  }
  constructor({ wallet, fix }: { wallet: unknown; fix: string }) {
    super(
      `injectedWallet: \`wallet\` must be a wallet descriptor with an id and a name, such as \`metamask\` from 'wagmi-connector-pack/injected', got ${show(wallet)}.`,
      {
        code: InvalidInjectedWalletParameterError.code,
        metaMessages: [fix],
      },
    )
  }
}
