import { SessionNotFoundError } from '../core/sessionNotFound.js'
import { withSignInWindow } from '../oidc/signInNavigation.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import { unexpectedVendorAnswer } from '../turnkey/errors.js'
import { generateStampingKey, type Stamper } from '../turnkey/stampers.js'
import { type OidcLogInContext, signInInWindow } from './oidcLogIn.js'
import { checkOidcParameters } from './oidcParameters.js'

// The providers the connected account signs in with: listed, linked (the
// person signs in with the provider, the passkey authorises) and unlinked
// (the passkey authorises). A new way into the account is the passkey's to
// give or take, never a session key's.

/** A provider account the connected account signs in with. */
export type LinkedProvider = {
  /** The vendor's id of the link: what `unlink` takes. */
  providerId: string
  /** The name the account lists it under (`Google`). */
  name: string
  issuer: string
  /** Its id in `socialLogin()`'s providers, when one of those has this issuer and client id. */
  provider: string | undefined
}

/** `connector.getProviderLinks()`: the connected account's provider accounts. */
export type ProviderLinks = {
  /** The provider accounts the account signs in with (a passkey prompt when no session key may read them). */
  list(): Promise<LinkedProvider[]>
  /**
   * Links a provider account: the provider's window opens at once (call it
   * in the person's tap), then the passkey authorises the link.
   */
  link(provider: string): Promise<LinkedProvider>
  /** Unlinks one (`providerId` from `list()`): the passkey authorises it. */
  unlink(providerId: string): Promise<void>
}

export type ProviderLinksContext = Pick<
  OidcLogInContext,
  'oidc' | 'authProxy'
> & {
  vendor: VendorClient
  /** The session key when live, else the passkey: for reads. */
  stamper(): Stamper
  /** Always the passkey: for the changes. */
  passkeyStamper(): Stamper
  /** The connected account's organization; none once disconnected. */
  organizationId(): string | undefined
  /** Aborts when the connection ends: a sign-in's window then closes. */
  signal(): AbortSignal
}

/** The connected account's provider links; every call works on the account connected at the time. */
export function createProviderLinks(
  context: ProviderLinksContext,
): ProviderLinks {
  const { vendor, stamper, passkeyStamper } = context

  async function account() {
    const organizationId = context.organizationId()
    if (!organizationId) throw new SessionNotFoundError()
    const { userId } = await vendor.query<{ userId?: unknown }>(
      'whoami',
      { organizationId },
      stamper(),
    )
    if (typeof userId !== 'string')
      throw unexpectedVendorAnswer('whoami returned no userId')
    return { organizationId, userId }
  }

  async function list(): Promise<LinkedProvider[]> {
    const { organizationId, userId } = await account()
    const { oauthProviders } = await vendor.query<{ oauthProviders?: unknown }>(
      'get_oauth_providers',
      { organizationId, userId },
      stamper(),
    )
    if (!Array.isArray(oauthProviders))
      throw unexpectedVendorAnswer('get_oauth_providers returned no list')
    const configured = configuredProviders(context)
    return oauthProviders.flatMap((link) => {
      const { providerId, providerName, issuer, audience } = (link ??
        {}) as Record<string, unknown>
      if (typeof providerId !== 'string' || typeof issuer !== 'string')
        return []
      return [
        {
          providerId,
          name: typeof providerName === 'string' ? providerName : issuer,
          issuer,
          provider: configured.find(
            (p) => p.issuer === issuer && p.clientId === audience,
          )?.id,
        },
      ]
    })
  }

  return {
    list,
    link(providerId) {
      // In the person's tap: a window opened after an await may be blocked.
      return withSignInWindow(async (signInWindow) => {
        // Whose account first: a failure closes the window before the person signs in there.
        const { organizationId, userId } = await account()
        // The token logs no key in: its nonce names a key made for it and dropped.
        const { provider, oidcToken } = await signInInWindow(
          providerId,
          await generateStampingKey(),
          signInWindow,
          context.signal(),
          context,
        )
        const { providerIds } = await vendor.submit<{ providerIds?: unknown }>(
          'create_oauth_providers',
          {
            type: 'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS_V2',
            organizationId,
            parameters: {
              userId,
              oauthProviders: [{ providerName: provider.name, oidcToken }],
            },
            resultKey: 'createOauthProvidersResultV2',
          },
          passkeyStamper(),
        )
        const [linked] = Array.isArray(providerIds) ? providerIds : []
        if (typeof linked !== 'string')
          throw unexpectedVendorAnswer(
            'create_oauth_providers returned no providerIds',
          )
        return {
          providerId: linked,
          name: provider.name,
          issuer: provider.issuer,
          provider: provider.id,
        }
      })
    },
    async unlink(providerId) {
      const { organizationId, userId } = await account()
      await vendor.submit(
        'delete_oauth_providers',
        {
          type: 'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS',
          organizationId,
          parameters: { userId, providerIds: [providerId] },
          resultKey: 'deleteOauthProvidersResult',
        },
        passkeyStamper(),
      )
    },
  }
}

/** The host's providers, to name the links by; none when the option is bad (a link still lists). */
function configuredProviders({
  oidc,
  authProxy,
}: Pick<OidcLogInContext, 'oidc' | 'authProxy'>) {
  try {
    return [
      ...checkOidcParameters(oidc, {
        hasAuthProxy: authProxy !== undefined,
      }).providers.values(),
    ]
  } catch {
    return []
  }
}
