import { randomUUID } from 'node:crypto'
import type {
  EndpointContext,
  QueryEndpoint,
  SubmitEndpoint,
} from './endpoint.js'
import { type OauthProvider, touch, type User } from './model.js'
import {
  type OidcClaims,
  untrustedIssuer,
  verifyOidcToken,
} from './oidcTokens.js'
import { badRequest, list, notFound } from './VendorError.js'
import { oauthProviderView } from './views.js'

const type = (suffix: string) => `ACTIVITY_TYPE_${suffix}`

/** Whether `user` has an OAuth provider for the token's issuer, subject and client id. */
export const hasProviderFor = (user: User, claims: OidcClaims) =>
  user.oauthProviders?.some(
    (provider) =>
      provider.issuer === claims.iss &&
      provider.subject === claims.sub &&
      provider.audience === claims.aud,
  ) ?? false

/**
 * OAuth providers from a request's `oauthProviders` (OauthProviderParams or
 * V2): each names the identity by a verified ID token, or (V2) by its claims.
 * The token's nonce is not checked here: the vendor's documented sign-up
 * registers the very token that `oauth_login` then spends on the user's key.
 * Claims are taken only for an issuer the sandbox trusts, since a provider
 * of any other issuer could never log in.
 */
export function oauthProvidersFrom(
  value: unknown,
  context: Pick<EndpointContext, 'oidcIssuers' | 'nowMs'>,
): Promise<OauthProvider[]> {
  return Promise.all(
    list(value).map(async (params: unknown) => {
      const { providerName, oidcToken, oidcClaims } = (params ?? {}) as Record<
        string,
        unknown
      >
      if (typeof providerName !== 'string' || !providerName)
        throw badRequest('providerName is required')
      if ((oidcToken === undefined) === (oidcClaims === undefined))
        throw badRequest(
          'an OAuth provider takes exactly one of oidcToken and oidcClaims',
        )
      const identity =
        oidcToken === undefined
          ? claimsOf(oidcClaims, context.oidcIssuers)
          : await verifyOidcToken(oidcToken, {
              trustedIssuers: context.oidcIssuers,
              nowMs: context.nowMs,
            })
      return {
        providerId: randomUUID(),
        providerName,
        issuer: identity.iss,
        audience: identity.aud,
        subject: identity.sub,
        createdAtMs: context.nowMs,
      }
    }),
  )
}

function claimsOf(value: unknown, trustedIssuers: readonly string[]) {
  const { iss, sub, aud } = (value ?? {}) as Record<string, unknown>
  if (
    typeof iss !== 'string' ||
    typeof sub !== 'string' ||
    typeof aud !== 'string' ||
    !sub ||
    !aud
  )
    throw badRequest('oidcClaims needs iss, sub and aud')
  if (!trustedIssuers.includes(iss))
    throw badRequest(untrustedIssuer(iss, trustedIssuers))
  return { iss, sub, aud }
}

/** Adding and removing a user's OAuth providers. */
export const oauthProviderSubmits: Record<string, SubmitEndpoint> = {
  create_oauth_providers: {
    kind: 'submit',
    resultKeys: {
      [type('CREATE_OAUTH_PROVIDERS_V2')]: 'createOauthProvidersResultV2',
    },
    async handle(context, { userId, oauthProviders }) {
      const user = context.state.user(context.organization, userId)
      const added = await oauthProvidersFrom(oauthProviders, context)
      user.oauthProviders = [...(user.oauthProviders ?? []), ...added]
      touch(user, context.nowMs)
      return { providerIds: added.map((p) => p.providerId) }
    },
  },
  delete_oauth_providers: {
    kind: 'submit',
    resultKeys: {
      [type('DELETE_OAUTH_PROVIDERS')]: 'deleteOauthProvidersResult',
    },
    handle(context, { userId, providerIds }) {
      const user = context.state.user(context.organization, userId)
      const ids = list(providerIds)
      const providers = user.oauthProviders ?? []
      for (const id of ids)
        if (!providers.some((p) => p.providerId === id))
          throw notFound('no OAuth provider found with the given ID')
      user.oauthProviders = providers.filter((p) => !ids.includes(p.providerId))
      touch(user, context.nowMs)
      return { providerIds }
    },
  },
}

export const oauthProviderQueries: Record<string, QueryEndpoint> = {
  get_oauth_providers: {
    kind: 'query',
    sessionKeyReads: false,
    handle: ({ state, organization }, { userId }) => {
      const users =
        userId === undefined
          ? organization.users
          : [state.user(organization, userId)]
      return {
        oauthProviders: users.flatMap((user) =>
          (user.oauthProviders ?? []).map(oauthProviderView),
        ),
      }
    },
  },
}
