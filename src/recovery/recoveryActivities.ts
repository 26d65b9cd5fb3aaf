import { InvalidEmailCodeError } from '../core/emailCode.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import { VendorRequestError } from '../turnkey/errors.js'
import type {
  RecoveryType,
  VendorAttestation,
} from '../turnkey/hostBackendContract.js'
import type { CodeKey } from './codeFrame.js'
import type { PendingCode } from './codeSenders.js'
import {
  recoveryCodeValiditySeconds,
  validateRecoveryCode,
} from './recoveryCode.js'

type VendorUser = {
  userId: string
  userName: string
  userEmail?: string
  userTags?: string[]
  apiKeys: {
    credential: { publicKey: string; type: string }
    createdAt: { seconds: string }
    expirationSeconds?: string
  }[]
}

/** The email sent: where its code must come from, known to this page only. */
export type SentCode = {
  /** Opens the code into its key (held by an isolated frame, or non-extractable). */
  code: PendingCode
  sentAt: number
}

/**
 * A one-time key of the account a provider account opens (a recovery by
 * provider): logged in under no profile, for minutes, to add one passkey.
 */
export type ProviderKey = CodeKey & {
  organizationId: string
  userId: string
  /** Unix seconds. */
  expiresAt: number
  /** Deletes the key at the vendor; never rejects. */
  revoke(): Promise<void>
}

/** The user being recovered, known once the code is accepted (or the provider signed in); lives in memory only. */
export type OpenRecovery = {
  /** How: an emailed code of either type, or a provider's sign-in. */
  type: RecoveryType | 'provider'
  /** What holds the key, destroyed when the recovery ends (the frame, or the provider's key deleted). */
  code: Pick<PendingCode, 'destroy'>
  key: CodeKey
  organizationId: string
  userId: string
  /** Shown by the new passkey's prompt. */
  userName: string
  /** Unix seconds: the end of the session (email) or of the key's life. */
  expiresAt: number
  /** Done steps are not repeated when the user retries after a failure. */
  passkey?: { challenge: string; attestation: VendorAttestation }
  authenticatorAdded?: boolean
  userConfirmed?: boolean
}

/** Whose account a code's key recovers, and how long the key lives (vendor seconds). */
export type CheckedCredential = Pick<
  OpenRecovery,
  'organizationId' | 'userId' | 'userName'
> & { createdAt: number; keyLife: number }

/** The vendor refuses a code's key it no longer has (expired, used, unknown). */
export const refusesTheKey = (error: unknown): error is VendorRequestError =>
  error instanceof VendorRequestError &&
  (error.status === 401 || error.status === 403)

function toCodeError(error: unknown): never {
  if (refusesTheKey(error))
    throw new InvalidEmailCodeError({
      purpose: 'recovery',
      reason: `the vendor refused the code's key: ${error.vendorMessage}`,
      cause: error,
    })
  throw error
}

export type RecoveryActivitiesParameters = {
  vendor: VendorClient
  parentOrganizationId: string
  createPasskey(
    userName: string,
  ): Promise<{ challenge: string; attestation: VendorAttestation }>
  now(): number
}

/**
 * What a recovery asks of the vendor, each request stamped by the code's key:
 * check whose key it is, then add the new passkey to that user.
 */
export function createRecoveryActivities({
  vendor,
  parentOrganizationId,
  createPasskey,
  now,
}: RecoveryActivitiesParameters) {
  async function getUser(organizationId: string, userId: string, key: CodeKey) {
    const { user } = await vendor.query<{ user: VendorUser }>(
      'get_user',
      { organizationId, userId },
      key.stamper,
    )
    return user
  }

  async function submit(
    name: string,
    type: string,
    { organizationId, key }: OpenRecovery,
    parameters: Record<string, unknown>,
  ) {
    await vendor.submit(
      name,
      {
        type,
        organizationId,
        parameters,
        resultKey: `${name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase())}Result`,
      },
      key.stamper,
    )
  }

  /** Keeps the user's email and tags as they are: the vendor wants them with every update. */
  async function confirmUser(recovery: OpenRecovery) {
    if (recovery.userConfirmed) return
    const user = await getUser(
      recovery.organizationId,
      recovery.userId,
      recovery.key,
    )
    await submit('update_user', 'ACTIVITY_TYPE_UPDATE_USER', recovery, {
      userId: user.userId,
      ...(user.userEmail ? { userEmail: user.userEmail } : {}),
      userTagIds: user.userTags ?? [],
    })
    recovery.userConfirmed = true
  }

  /** Whose key the code opened: the vendor says, to the key alone (nobody learns it before the code). */
  async function whoseKey(key: CodeKey) {
    const { organizationId, userId } =
      (await vendor
        .query<{ organizationId?: string; userId?: string } | null>(
          'whoami',
          { organizationId: parentOrganizationId },
          key.stamper,
        )
        .catch(toCodeError)) ?? {}
    return { organizationId, userId }
  }

  /** Email recovery: the code's key is an email-auth credential, which may read the user. */
  async function checkEmailCredential(
    key: CodeKey,
    credentialTypes: readonly string[] | undefined,
  ): Promise<CheckedCredential> {
    const { organizationId, userId } = await whoseKey(key)
    const user =
      organizationId && userId
        ? await getUser(organizationId, userId, key).catch(toCodeError)
        : undefined
    // The vendor's answer is outside input: a missing field means a code we cannot trust.
    const listed = user?.apiKeys?.find(
      (k) => k?.credential?.publicKey === key.publicKey,
    )
    const createdAt = Number(listed?.createdAt?.seconds ?? Number.NaN)
    validateRecoveryCode({
      recoveryType: 'email',
      credential: {
        organizationId,
        userId,
        type: listed?.credential.type ?? 'not listed for the user',
        createdAt,
      },
      nowSeconds: now(),
      credentialTypes,
    })
    return {
      organizationId: organizationId!,
      userId: userId!,
      userName: user!.userName,
      createdAt,
      keyLife: Number(listed?.expirationSeconds ?? Number.NaN),
    }
  }

  /**
   * Passkey recovery: the code's key may sign recover_user (and say whose it
   * is) only, so the code's age is bounded by when it was asked for; the
   * vendor checks the key's type when it signs.
   */
  async function checkRecoveryCredential(
    key: CodeKey,
    { sentAt }: SentCode,
    email: string,
  ): Promise<CheckedCredential> {
    const { organizationId, userId } = await whoseKey(key)
    validateRecoveryCode({
      recoveryType: 'passkey',
      credential: {
        organizationId,
        userId,
        type: undefined,
        createdAt: sentAt,
      },
      nowSeconds: now(),
    })
    return {
      organizationId: organizationId!,
      userId: userId!,
      userName: email,
      createdAt: sentAt,
      keyLife: recoveryCodeValiditySeconds,
    }
  }

  return {
    /** Creates the new passkey (once) and adds it to the user, as the recovery's type allows. */
    async addPasskey(recovery: OpenRecovery) {
      recovery.passkey ??= await createPasskey(recovery.userName)
      const authenticator = {
        authenticatorName: 'Passkey',
        ...recovery.passkey,
      }
      const { userId } = recovery
      if (recovery.type !== 'passkey') {
        if (!recovery.authenticatorAdded)
          await submit(
            'create_authenticators',
            'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
            recovery,
            { authenticators: [authenticator], userId },
          )
        recovery.authenticatorAdded = true
        // The emailed code proved the email: the vendor marks it so with an update.
        if (recovery.type === 'email') await confirmUser(recovery)
      } else {
        // The recover-user key signs this one activity; the vendor deletes it after.
        await submit('recover_user', 'ACTIVITY_TYPE_RECOVER_USER', recovery, {
          authenticator,
          userId,
        })
      }
    },

    /** The name the new passkey's prompt shows, read with a provider's one-time key. */
    async userNameOf({ organizationId, userId, ...key }: ProviderKey) {
      return (await getUser(organizationId, userId, key)).userName
    },

    /** Whose account the opened code's key recovers, checked as its recovery type allows. */
    async checkCredential(
      type: RecoveryType,
      key: CodeKey,
      sent: SentCode,
      email: string,
    ): Promise<CheckedCredential> {
      return type === 'email'
        ? checkEmailCredential(key, sent.code.credentialTypes)
        : checkRecoveryCredential(key, sent, email)
    },
  }
}
