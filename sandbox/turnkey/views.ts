import type {
  ApiKey,
  Authenticator,
  OauthProvider,
  Organization,
  User,
  Wallet,
  WalletAccount,
} from './model.js'
import { toTimestamp } from './model.js'

// Response shapes of the vendor's API; secrets (mnemonics) never leave through them.

const times = (createdAtMs: number, updatedAtMs = createdAtMs) => ({
  createdAt: toTimestamp(createdAtMs),
  updatedAt: toTimestamp(updatedAtMs),
})

export const apiKeyView = (apiKey: ApiKey) => ({
  apiKeyId: apiKey.apiKeyId,
  apiKeyName: apiKey.apiKeyName,
  credential: {
    publicKey: apiKey.publicKey,
    type: apiKey.type,
    // The schema's field, on a log-in's key issued under a profile.
    ...(apiKey.sessionProfileId !== undefined && {
      sessionProfileId: apiKey.sessionProfileId,
    }),
  },
  ...(apiKey.expirationSeconds === undefined
    ? {}
    : { expirationSeconds: String(apiKey.expirationSeconds) }),
  ...times(apiKey.createdAtMs),
})

export const authenticatorView = (authenticator: Authenticator) => ({
  authenticatorId: authenticator.authenticatorId,
  authenticatorName: authenticator.authenticatorName,
  credentialId: authenticator.credentialId,
  credential: {
    publicKey: authenticator.publicKey,
    type: 'CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR',
  },
  transports: authenticator.transports,
  attestationType: authenticator.attestationType,
  aaguid: authenticator.aaguid,
  model: 'Sandbox passkey',
  ...times(authenticator.createdAtMs),
})

export const oauthProviderView = (provider: OauthProvider) => ({
  providerId: provider.providerId,
  providerName: provider.providerName,
  issuer: provider.issuer,
  audience: provider.audience,
  subject: provider.subject,
  ...times(provider.createdAtMs),
})

export const userView = (user: User) => ({
  userId: user.userId,
  userName: user.userName,
  ...(user.userEmail ? { userEmail: user.userEmail } : {}),
  ...(user.userPhoneNumber ? { userPhoneNumber: user.userPhoneNumber } : {}),
  authenticators: user.authenticators.map(authenticatorView),
  apiKeys: user.apiKeys.map(apiKeyView),
  userTags: user.userTags,
  oauthProviders: (user.oauthProviders ?? []).map(oauthProviderView),
  mfaPolicies: [],
  ...times(user.createdAtMs, user.updatedAtMs),
})

export const walletView = (wallet: Wallet) => ({
  walletId: wallet.walletId,
  walletName: wallet.walletName,
  exported: wallet.exported,
  imported: wallet.imported,
  ...times(wallet.createdAtMs),
})

export const accountView = (
  organization: Organization,
  wallet: Wallet,
  account: WalletAccount,
) => ({
  walletAccountId: account.walletAccountId,
  organizationId: organization.organizationId,
  walletId: wallet.walletId,
  curve: 'CURVE_SECP256K1',
  pathFormat: 'PATH_FORMAT_BIP32',
  path: account.path,
  addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
  address: account.address,
  publicKey: account.publicKey.slice(2),
  ...times(account.createdAtMs),
})
