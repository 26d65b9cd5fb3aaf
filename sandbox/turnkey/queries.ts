import { incomingEmail, sameEmail } from './emails.js'
import type { QueryEndpoint } from './endpoint.js'
import { hasProviderFor } from './oauthProviders.js'
import { verifyOidcToken } from './oidcTokens.js'
import { badRequest, notFound } from './VendorError.js'
import {
  accountView,
  apiKeyView,
  authenticatorView,
  userView,
  walletView,
} from './views.js'

/** The read endpoints, by path name under /public/v1/query/. */
export const queries: Record<string, QueryEndpoint> = {
  whoami: {
    kind: 'query',
    sessionKeyReads: true,
    scope: { subOrgMayUseParentId: true },
    handle: ({ organization, principal }) => ({
      organizationId: organization.organizationId,
      organizationName: organization.organizationName,
      userId: principal.user.userId,
      username: principal.user.userName,
    }),
  },
  get_user: {
    kind: 'query',
    sessionKeyReads: false,
    handle: ({ state, organization }, { userId }) => ({
      user: userView(state.user(organization, userId)),
    }),
  },
  list_users: {
    kind: 'query',
    sessionKeyReads: false,
    handle: ({ organization }) => ({ users: organization.users.map(userView) }),
  },
  get_wallet: {
    kind: 'query',
    sessionKeyReads: true,
    handle: ({ state, organization }, { walletId }) => ({
      wallet: walletView(state.wallet(organization, walletId)),
    }),
  },
  list_wallets: {
    kind: 'query',
    sessionKeyReads: true,
    handle: ({ organization }) => ({
      wallets: organization.wallets.map(walletView),
    }),
  },
  list_wallet_accounts: {
    kind: 'query',
    sessionKeyReads: true,
    handle: ({ state, organization }, { walletId }) => {
      const wallets =
        walletId === undefined
          ? organization.wallets
          : [state.wallet(organization, walletId)]
      return {
        accounts: wallets.flatMap((wallet) =>
          wallet.accounts.map((account) =>
            accountView(organization, wallet, account),
          ),
        ),
      }
    },
  },
  get_activity: {
    kind: 'query',
    sessionKeyReads: true,
    handle: ({ organization }, { activityId }) => {
      const activity = organization.activities.find((a) => a.id === activityId)
      if (!activity) throw notFound('no activity found with the given ID')
      return { activity }
    },
  },
  list_activities: {
    kind: 'query',
    sessionKeyReads: false,
    handle: ({ organization }) => ({ activities: organization.activities }),
  },
  get_api_keys: {
    kind: 'query',
    sessionKeyReads: true,
    handle: ({ state, organization }, { userId }) => {
      const users =
        userId === undefined
          ? organization.users
          : [state.user(organization, userId)]
      return { apiKeys: users.flatMap((user) => user.apiKeys.map(apiKeyView)) }
    },
  },
  get_authenticators: {
    kind: 'query',
    sessionKeyReads: false,
    handle: ({ state, organization }, { userId }) => ({
      authenticators: state
        .user(organization, userId)
        .authenticators.map(authenticatorView),
    }),
  },
  get_organization: {
    kind: 'query',
    sessionKeyReads: false,
    handle: ({ organization }) => ({
      organizationData: {
        organizationId: organization.organizationId,
        name: organization.organizationName,
        users: organization.users.map(userView),
        rootQuorum: {
          threshold: organization.rootQuorumThreshold,
          userIds: organization.rootUserIds,
        },
        wallets: organization.wallets.map(walletView),
        tags: organization.userTags.map((tag) => ({
          tagId: tag.userTagId,
          tagName: tag.userTagName,
          tagType: 'TAG_TYPE_USER',
        })),
        policies: [],
        privateKeys: [],
        invitations: [],
        features: [],
      },
    }),
  },
  list_verified_suborgs: {
    kind: 'query',
    sessionKeyReads: false,
    handle: ({ state, organization }, { filterType, filterValue }) => {
      // Phone numbers cannot be verified here (no SMS OTP): none is ever found.
      if (filterType !== 'EMAIL' && filterType !== 'PHONE_NUMBER')
        throw badRequest(
          `unsupported filter type ${String(filterType)}: EMAIL or PHONE_NUMBER`,
        )
      if (typeof filterValue !== 'string' || filterValue === '')
        throw badRequest('filterValue is required')
      const email = incomingEmail(filterValue, 'filterValue')
      return {
        organizationIds: state
          .subOrganizationsOf(organization.organizationId)
          .filter(
            (sub) =>
              filterType === 'EMAIL' &&
              sub.users.some(
                (u) => u.emailVerified && sameEmail(u.userEmail, email),
              ),
          )
          .map((sub) => sub.organizationId),
      }
    },
  },
  list_suborgs: {
    kind: 'query',
    sessionKeyReads: false,
    handle: async (
      { state, organization, oidcIssuers, nowMs },
      { filterType, filterValue },
    ) => {
      const subOrganizations = state.subOrganizationsOf(
        organization.organizationId,
      )
      if (filterType === 'OIDC_TOKEN') {
        // The token is verified as a login's is (its nonce aside: a lookup
        // names no key); only then does it name the accounts it may open.
        const claims = await verifyOidcToken(filterValue, {
          trustedIssuers: oidcIssuers,
          nowMs,
        })
        return {
          organizationIds: subOrganizations
            .filter((sub) => sub.users.some((u) => hasProviderFor(u, claims)))
            .map((sub) => sub.organizationId),
        }
      }
      const matches = subOrganizations.filter((sub) => {
        if (filterType === undefined || filterValue === undefined) return true
        switch (filterType) {
          case 'NAME':
            return sub.organizationName === filterValue
          case 'USERNAME':
            return sub.users.some((u) => u.userName === filterValue)
          case 'EMAIL':
            return sub.users.some((u) => u.userEmail === filterValue)
          case 'PHONE_NUMBER':
            return sub.users.some((u) => u.userPhoneNumber === filterValue)
          case 'CREDENTIAL_ID':
            return sub.users.some((u) =>
              u.authenticators.some((a) => a.credentialId === filterValue),
            )
          case 'PUBLIC_KEY':
            return sub.users.some((u) =>
              u.apiKeys.some((k) => k.publicKey === filterValue),
            )
          case 'WALLET_ACCOUNT_ADDRESS':
            return sub.wallets.some((w) =>
              w.accounts.some(
                (a) =>
                  a.address.toLowerCase() === String(filterValue).toLowerCase(),
              ),
            )
          default:
            throw badRequest(`unsupported filter type ${String(filterType)}`)
        }
      })
      return { organizationIds: matches.map((sub) => sub.organizationId) }
    },
  },
}
