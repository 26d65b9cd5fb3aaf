import { OidcSignInError } from '../oidc/errors.js'
import { withSignInWindow } from '../oidc/signInNavigation.js'
import type { ProviderRecovery } from '../recovery/recoveryFlow.js'
import { createSessionStamper } from '../turnkey/stampers.js'
import { type OidcLogInContext, signInForPasskey } from './oidcLogIn.js'
import { checkOidcParameters } from './oidcParameters.js'

export type ProviderRecoveryContext = Pick<
  OidcLogInContext,
  'oidc' | 'authProxy' | 'backendTimeoutMs' | 'client'
> & {
  /** The connector's account, when one is connected: a passkey added then goes to it only. */
  connectedOrganization(): Promise<string | undefined>
}

/**
 * Recovery by the providers of `socialLogin()` (checked now: a bad option
 * rejects getRecovery()): the sign-in's window opens in the tap, and the
 * one-time key it gives stamps the new passkey's registration, then is
 * deleted. While an account is connected (a passkey added after a
 * provider's sign-up), a key of another account is deleted unused: the
 * person picked another provider account at the provider.
 */
export function createProviderRecovery(
  context: ProviderRecoveryContext,
): ProviderRecovery {
  const { providers } = checkOidcParameters(context.oidc, {
    hasAuthProxy: context.authProxy !== undefined,
  })
  return {
    providers: [...providers.values()].map(({ id, name }) => ({ id, name })),
    signIn(provider, signal) {
      return withSignInWindow((signInWindow) =>
        signInForPasskey(provider, signInWindow, signal, context),
      )
        .then(async (oneTime) => {
          const connected = await context.connectedOrganization()
          if (connected !== undefined && connected !== oneTime.organizationId) {
            await oneTime.revoke()
            throw new OidcSignInError({ reason: 'otherAccount', provider })
          }
          return oneTime
        })
        .then(({ key, organizationId, userId, expiresAt, revoke }) => ({
          publicKey: key.publicKey,
          // Its refusal is the recovery's to handle, never a passkey prompt.
          stamper: { ...createSessionStamper(key), fallsBack: false },
          organizationId,
          userId,
          expiresAt,
          revoke,
        }))
    },
    ended: (provider, details, cause) =>
      new OidcSignInError({ reason: 'timeout', provider, details, cause }),
  }
}
