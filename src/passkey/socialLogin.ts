import { hasSignInAnswer } from '../oidc/signInAnswer.js'
import type { ProviderRecovery } from '../recovery/recoveryFlow.js'
import type { OidcLogInContext, ProviderSignIn } from './oidcLogIn.js'
import type { SocialLoginParameters } from './oidcParameters.js'
import type { ProviderLinks, ProviderLinksContext } from './providerLinks.js'
import type { ProviderRecoveryContext } from './providerRecovery.js'

/**
 * `passkeyWallet({ oidc: socialLogin(…) })`: what the connector calls to
 * sign in with a provider (a host only passes it on). Only a host that
 * imports it bundles its code, and that code loads on demand, never at
 * module load: the sign-ins with the connector's runtime, the links and
 * the recovery's steps with `getProviderLinks()` and `getRecovery()`.
 */
export type SocialLogin = {
  /** Whether this page carries the answer of a sign-in that went by redirect: no code loaded. */
  hasAnswer(): boolean
  /** The runtime's sign-ins: a connect, and the finish of a redirect. */
  signIns(context: Omit<OidcLogInContext, 'oidc'>): Promise<ProviderSignIn>
  /** The connected account's provider accounts (`connector.getProviderLinks()`). */
  links(context: Omit<ProviderLinksContext, 'oidc'>): Promise<ProviderLinks>
  /** Recovery by a provider's sign-in (the recovery flow's provider steps). */
  recovery(
    context: Omit<ProviderRecoveryContext, 'oidc'>,
  ): Promise<ProviderRecovery>
}

/**
 * Sign-up, log-in, links and recovery with OIDC providers ("Continue with
 * Google"), for `passkeyWallet({ oidc })`. The options are checked when a
 * person first signs in: a bad one rejects that `connect()` with
 * InvalidPasskeyWalletParameterError. See docs/social-login.md.
 *
 * @example
 * passkeyWallet({
 *   organizationId,
 *   session: { profileId },
 *   oidc: socialLogin({
 *     providers: [{ id: 'google', clientId }],
 *     logIn: (request, options) => fetch('/api/oidc-login', …),
 *   }),
 * })
 */
export function socialLogin(parameters: SocialLoginParameters): SocialLogin {
  return {
    hasAnswer: hasSignInAnswer,
    signIns: (context) =>
      import('./oidcLogIn.js').then(({ createProviderSignIn }) =>
        createProviderSignIn({ ...context, oidc: parameters }),
      ),
    links: (context) =>
      import('./providerLinks.js').then(({ createProviderLinks }) =>
        createProviderLinks({ ...context, oidc: parameters }),
      ),
    recovery: (context) =>
      import('./providerRecovery.js').then(({ createProviderRecovery }) =>
        createProviderRecovery({ ...context, oidc: parameters }),
      ),
  }
}
