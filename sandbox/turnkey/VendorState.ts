import { randomUUID } from 'node:crypto'
import type {
  ApiKey,
  Authenticator,
  Organization,
  User,
  Wallet,
} from './model.js'
import { notFound } from './VendorError.js'

export type ApiKeyOwner = {
  organization: Organization
  user: User
  apiKey: ApiKey
}
export type AuthenticatorOwner = {
  organization: Organization
  user: User
  authenticator: Authenticator
}

export type PendingOtp = {
  organizationId: string
  userId: string
  code: string
  expiresAtMs: number
  attemptsLeft: number
}

/** A generic OTP (`init_otp`): the code, its tries and expiry, and the key its code is encrypted to. */
export type OtpFlow = {
  organizationId: string
  contact: string
  code: string
  expiresAtMs: number
  attemptsLeft: number
  /** The P-256 key the code is encrypted to: raw private scalar and uncompressed public point. */
  targetKey: { privateKey: Uint8Array; publicKey: Uint8Array }
  /** Why the OTP can no longer be used, once it cannot. */
  ended?: 'verified' | 'burned' | undefined
}

/** Every organization the emulator knows, with the lookups stamps need. */
export class VendorState {
  readonly organizations = new Map<string, Organization>()
  /** One-time codes sent and not yet used, by OTP id. */
  readonly otps = new Map<string, PendingOtp>()
  /** Generic OTPs (`init_otp`), by OTP id, kept after they end so a late try says why. */
  readonly otpFlows = new Map<string, OtpFlow>()
  /** Ids of the verification tokens an `otp_login` has consumed. */
  readonly consumedVerificationTokens = new Set<string>()
  /** The OIDC tokens an `oauth_login` has spent, by the hash of their signed part. */
  readonly consumedOidcTokens = new Set<string>()

  /** Builds an organization and registers it. */
  createOrganization(
    fields: Pick<Organization, 'organizationName' | 'parentOrganizationId'> & {
      rootQuorumThreshold?: number
      nowMs: number
    },
  ): Organization {
    const organization: Organization = {
      organizationId: randomUUID(),
      organizationName: fields.organizationName,
      parentOrganizationId: fields.parentOrganizationId,
      rootQuorumThreshold: fields.rootQuorumThreshold ?? 1,
      rootUserIds: [],
      users: [],
      wallets: [],
      userTags: [],
      activities: [],
      createdAtMs: fields.nowMs,
    }
    this.organizations.set(organization.organizationId, organization)
    return organization
  }

  organization(organizationId: string): Organization {
    const organization = this.organizations.get(organizationId)
    if (!organization) throw notFound('no organization found with the given ID')
    return organization
  }

  subOrganizationsOf(parentId: string): Organization[] {
    return [...this.organizations.values()].filter(
      (organization) => organization.parentOrganizationId === parentId,
    )
  }

  /** The organization, its parent and its sub-organizations: where a credential may come from. */
  neighbourhood(organization: Organization): Organization[] {
    const parent = organization.parentOrganizationId
      ? this.organizations.get(organization.parentOrganizationId)
      : undefined
    return [
      organization,
      ...(parent ? [parent] : []),
      ...this.subOrganizationsOf(organization.organizationId),
    ]
  }

  apiKeyOwners(
    publicKey: string,
    organizations: Organization[],
  ): ApiKeyOwner[] {
    return organizations.flatMap((organization) =>
      organization.users.flatMap((user) =>
        user.apiKeys
          .filter((apiKey) => apiKey.publicKey === publicKey)
          .map((apiKey) => ({ organization, user, apiKey })),
      ),
    )
  }

  authenticatorOwners(
    credentialId: string,
    organizations: Organization[],
  ): AuthenticatorOwner[] {
    return organizations.flatMap((organization) =>
      organization.users.flatMap((user) =>
        user.authenticators
          .filter(
            (authenticator) => authenticator.credentialId === credentialId,
          )
          .map((authenticator) => ({ organization, user, authenticator })),
      ),
    )
  }

  user(organization: Organization, userId: unknown): User {
    const user = organization.users.find((u) => u.userId === userId)
    if (!user) throw notFound('no user found with the given ID')
    return user
  }

  wallet(organization: Organization, walletId: unknown): Wallet {
    const wallet = organization.wallets.find((w) => w.walletId === walletId)
    if (!wallet) throw notFound('no wallet found with the given ID')
    return wallet
  }
}
