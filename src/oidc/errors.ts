import { BaseError } from '../core/errors.js'

// The errors of a sign-in with an OIDC provider. Exported by /social-login for
// instanceof checks, so only error classes belong here.

/**
 * Why a sign-in with a provider failed:
 * - `closed`: the person closed the provider's window;
 * - `timeout`: no answer came back within the deadline;
 * - `denied`: the provider answered an error (the person declined, or the
 *   client is not set up for this page), `providerError` says which;
 * - `stateMismatch`: the answer is not this sign-in's (another tab's, or
 *   forged): it was dropped unread;
 * - `invalidToken`: the ID token is not for this app, this key or now
 *   (issuer, audience, nonce, expiry), `details` says which;
 * - `unreachable`: the provider's discovery or token endpoint failed;
 * - `windowBlocked`: the browser blocked the sign-in window, and the page
 *   cannot go by redirect either (wagmi's config has no storage to come
 *   back to, or a recovery, whose steps live in this page);
 * - `noAccount`: the provider signed the person in, but no account signs in
 *   with that provider account (a recovery, which never makes one);
 * - `otherAccount`: the provider account opens another account than the
 *   one connected (a passkey added while connected goes to that one only).
 */
export type OidcSignInErrorReason =
  | 'closed'
  | 'timeout'
  | 'denied'
  | 'stateMismatch'
  | 'invalidToken'
  | 'unreachable'
  | 'windowBlocked'
  | 'noAccount'
  | 'otherAccount'

const said: Record<OidcSignInErrorReason, [string, string]> = {
  closed: [
    'The sign-in window was closed.',
    'Choose the provider again to sign in.',
  ],
  timeout: [
    'The sign-in took too long.',
    'Choose the provider again to sign in.',
  ],
  denied: [
    'The provider did not sign you in.',
    'Try again, or sign in another way.',
  ],
  stateMismatch: [
    'The sign-in answer did not belong to this sign-in.',
    'Nothing was kept. Choose the provider again to sign in.',
  ],
  invalidToken: [
    'The provider’s answer could not be used to sign you in.',
    'Nothing was kept. Choose the provider again; if it happens again, the app’s provider settings are wrong.',
  ],
  unreachable: [
    'The provider could not be reached.',
    'Check your connection and try again.',
  ],
  windowBlocked: [
    'The browser blocked the sign-in window.',
    'Allow pop-ups for this site, then choose the provider again.',
  ],
  noAccount: [
    'No wallet signs in with this account.',
    'Sign in with the account you used for your wallet, or recover another way.',
  ],
  otherAccount: [
    'This account signs in to another wallet than the one connected.',
    'Nothing was added. Sign in with the account you use for this wallet.',
  ],
}

export type OidcSignInErrorType = OidcSignInError & { name: 'OidcSignInError' }
/** A sign-in with an OIDC provider failed before any account was touched; `reason` says why. */
export class OidcSignInError extends BaseError {
  override name = 'OidcSignInError'
  static get code() {
    return 'oidc_sign_in_failed' as const
  }
  readonly reason: OidcSignInErrorReason
  /** The provider's id, as `socialLogin()` names it; unknown for an answer no sign-in of this page sent. */
  readonly provider: string | undefined
  /** The provider's own error code, for `denied` (`access_denied`, `invalid_client`, …). */
  readonly providerError: string | undefined
  constructor({
    reason,
    provider,
    details,
    providerError,
    cause,
  }: {
    reason: OidcSignInErrorReason
    provider: string | undefined
    details?: string | undefined
    providerError?: string | undefined
    cause?: unknown
  }) {
    const [shortMessage, todo] = said[reason]
    super(shortMessage, {
      code: OidcSignInError.code,
      details,
      cause,
      metaMessages: [todo],
      docsPath: 'docs/social-login.md#errors',
    })
    this.reason = reason
    this.provider = provider
    this.providerError = providerError
  }
}
