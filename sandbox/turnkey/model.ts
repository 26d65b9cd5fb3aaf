import type { Address, Hex } from 'viem'
import type { TxError } from './chainSender.js'

export type Timestamp = { seconds: string; nanos: string }

export type ApiKeyType =
  | 'CREDENTIAL_TYPE_API_KEY_P256'
  | 'CREDENTIAL_TYPE_RECOVER_USER_KEY_P256'
  | 'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256'
  | 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256'
  | 'CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256'
  | 'CREDENTIAL_TYPE_LOGIN'

export type ApiKey = {
  apiKeyId: string
  apiKeyName: string
  /** Compressed P-256 point, lowercase hex. */
  publicKey: string
  type: ApiKeyType
  createdAtMs: number
  expirationSeconds?: number | undefined
  /** The session profile a login key was issued under: its scope bounds every request the key signs. */
  sessionProfileId?: string | undefined
}

export type Authenticator = {
  authenticatorId: string
  authenticatorName: string
  /** base64url, as `PublicKeyCredential.id`. */
  credentialId: string
  /** COSE public key, base64url. */
  publicKey: string
  rpId: string
  counter: number
  transports: string[]
  aaguid: string
  attestationType: string
  createdAtMs: number
}

/** An OIDC identity that logs a user in: the issuer, the app's client id and the person's subject there. */
export type OauthProvider = {
  providerId: string
  providerName: string
  issuer: string
  audience: string
  subject: string
  createdAtMs: number
}

export type User = {
  userId: string
  userName: string
  userEmail?: string | undefined
  /**
   * The email was proven by its owner: a verification token for it was spent
   * (sign-up, OTP login, `update_user_email`). Only verified contacts find an
   * account (`list_verified_suborgs`); any other change of email clears it.
   */
  emailVerified?: boolean | undefined
  userPhoneNumber?: string | undefined
  userTags: string[]
  apiKeys: ApiKey[]
  authenticators: Authenticator[]
  /** Absent in users saved before OAuth providers existed. */
  oauthProviders?: OauthProvider[] | undefined
  createdAtMs: number
  updatedAtMs: number
}

export type WalletAccount = {
  walletAccountId: string
  path: string
  address: Address
  publicKey: Hex
  createdAtMs: number
}

export type Wallet = {
  walletId: string
  walletName: string
  mnemonic: string
  accounts: WalletAccount[]
  exported: boolean
  imported: boolean
  createdAtMs: number
}

type ActivityStatus =
  | 'ACTIVITY_STATUS_COMPLETED'
  | 'ACTIVITY_STATUS_FAILED'
  | 'ACTIVITY_STATUS_CONSENSUS_NEEDED'
  | 'ACTIVITY_STATUS_REJECTED'
  | 'ACTIVITY_STATUS_PENDING'

export type Activity = {
  id: string
  organizationId: string
  status: ActivityStatus
  type: string
  intent: Record<string, unknown>
  result: Record<string, unknown>
  votes: unknown[]
  fingerprint: string
  canApprove: boolean
  canReject: boolean
  createdAt: Timestamp
  updatedAt: Timestamp
  failure?: { code: number; message: string; details: unknown[] } | undefined
}

type UserTag = { userTagId: string; userTagName: string }

/** A parent organization's immutable bound on the sessions issued under it. */
export type SessionProfile = {
  sessionProfileId: string
  sessionProfileName: string
  /** Policy language, checked when the profile was created. */
  scope: string
  /** The longest session a login under this profile gets. */
  expirationSeconds?: number | undefined
  notes?: string | undefined
  createdAtMs: number
}

export type Organization = {
  organizationId: string
  organizationName: string
  parentOrganizationId?: string | undefined
  rootQuorumThreshold: number
  rootUserIds: string[]
  users: User[]
  wallets: Wallet[]
  userTags: UserTag[]
  activities: Activity[]
  /** What the sub-organization was created without: email recovery, email auth, OTP email auth. */
  disabled?: {
    emailRecovery: boolean
    emailAuth: boolean
    otpEmailAuth: boolean
  }
  /** Absent in organizations saved before profiles existed. */
  sessionProfiles?: SessionProfile[] | undefined
  /** What `eth_send_transaction` and `eth_undelegate_7702` sent, newest last. */
  sentTransactions?: SentTransaction[] | undefined
  /** A parent organization's gas sponsorship limits (the vendor's gas usage config). */
  gasUsageConfig?: GasUsageConfig | undefined
  /** The gas the sponsor paid for this organization's batches, in USD. */
  sponsoredGas?: { atMs: number; usd: number }[] | undefined
  createdAtMs: number
}

/** A transaction the emulator sends for an account, as `get_send_transaction_status` tells it. */
export type SentTransaction = {
  sendTransactionStatusId: string
  /** PENDING until broadcast, BROADCASTED until mined, then INCLUDED or FAILED. */
  txStatus: 'PENDING' | 'BROADCASTED' | 'INCLUDED' | 'FAILED'
  txHash?: string | undefined
  error?: TxError | undefined
}

export type GasUsageConfig = {
  gasUsageConfigId: string
  orgWindowLimitUsd: number
  subOrgWindowLimitUsd: number
  windowDurationMinutes: number
  enabled: boolean
}

export function toTimestamp(ms: number): Timestamp {
  return {
    seconds: String(Math.floor(ms / 1000)),
    nanos: String((ms % 1000) * 1_000_000),
  }
}

/** A user changed now: its `updatedAt` says when. */
export function touch(user: User, nowMs: number) {
  user.updatedAtMs = nowMs
}
