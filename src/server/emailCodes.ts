import { p256 } from '@noble/curves/p256'
import { isUuid } from '../core/checks.js'
import { canonicalEmail } from '../core/email.js'
import { encryptOtpCode } from '../turnkey/bundles.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import {
  grpcCode,
  unexpectedVendorAnswer,
  VendorRequestError,
} from '../turnkey/errors.js'
import {
  type RecoveryStartRequest,
  recoverySessionSeconds,
  type SendEmailCodeAnswer,
  type VerifyEmailCodeAnswer,
} from '../turnkey/hostBackendContract.js'
import type { Stamper } from '../turnkey/stampers.js'
import { readVerificationTokenClaims } from '../turnkey/verificationToken.js'
import { badField, Refusal } from './errors.js'
import { normalizeEmail, readFields } from './httpJson.js'
import type { TokenSeal } from './sealedVerificationToken.js'

// The codes the vendor emails: one that proves an address before a sign-up
// names it, and one that starts a recovery from the account's verified address.

/** What the email-code routes sign with and name in the email, and what seals the proof they give. */
export type EmailCodeContext = {
  organizationId: string
  appName: string
  stamper: Stamper
  seal: TokenSeal
}

/** Six digits, for ten minutes: typed from an email on a phone. */
const otpLength = 6
const otpSeconds = '600'
/** The proof is spent by the sign-up that follows the passkey prompt. */
const verificationTokenSeconds = '600'

const invalidEmail = () =>
  badField(
    'invalid_email',
    '`email` must be an email address such as ada@example.com, in plain characters (no look-alike such as the Kelvin sign K).',
  )

/** `POST …/send-email-code` `{ email }`: the vendor emails a code, whoever asks (no lookup, no oracle). */
export async function sendEmailCode(
  body: unknown,
  vendor: VendorClient,
  { organizationId, appName, stamper }: EmailCodeContext,
): Promise<SendEmailCodeAnswer> {
  const fields = readFields(body, {
    path: 'the body',
    known: ['email'],
    code: 'invalid_body',
    expected: 'a JSON object with email',
  })
  const email = normalizeEmail(fields.email)
  if (!email) throw invalidEmail()
  const { otpId, otpEncryptionTargetBundle } = await vendor.submit<{
    otpId?: unknown
    otpEncryptionTargetBundle?: unknown
  }>(
    'init_otp',
    {
      type: 'ACTIVITY_TYPE_INIT_OTP_V3',
      organizationId,
      parameters: {
        otpType: 'OTP_TYPE_EMAIL',
        contact: email,
        appName,
        otpLength,
        alphanumeric: false,
        expirationSeconds: otpSeconds,
      },
      resultKey: 'initOtpResultV2',
    },
    stamper,
  )
  if (
    typeof otpId !== 'string' ||
    otpId === '' ||
    typeof otpEncryptionTargetBundle !== 'string'
  )
    throw unexpectedVendorAnswer(
      'init_otp returned no otpId or otpEncryptionTargetBundle',
    )
  return { otpId, otpEncryptionTargetBundle }
}

/** The vendor refusing the code: the user's sentence, and how many tries are left. */
function toCodeRefusal(error: unknown): never {
  if (error instanceof VendorRequestError) {
    const { vendorCode, status } = error
    if (vendorCode === grpcCode.invalidArgument) {
      // The count is in the vendor's words only; the kind is its code.
      const left = /(\d+) attempts? left/i.exec(error.vendorMessage)?.[1]
      throw new Refusal(
        400,
        'invalid_email_code',
        left === undefined
          ? 'The code is invalid. Check it, or ask for a new code.'
          : `The code is invalid or expired. ${left} ${left === '1' ? 'try' : 'tries'} left.`,
      )
    }
    if (
      vendorCode === grpcCode.failedPrecondition ||
      vendorCode === grpcCode.notFound ||
      (vendorCode === undefined && status === 404)
    )
      throw new Refusal(
        400,
        'email_code_expired',
        'The code is invalid or expired. Ask for a new code.',
      )
  }
  throw error
}

/**
 * `POST …/verify-email-code`: the vendor checks the code and answers its
 * proof, bound to the page's key; the page gets it sealed to this backend,
 * with the id its key signs. An address that already has an account is
 * refused here, before a passkey is made for nothing: only whoever read the
 * code learns it.
 */
export async function verifyEmailCode(
  body: unknown,
  vendor: VendorClient,
  { organizationId, stamper, seal }: EmailCodeContext,
): Promise<VerifyEmailCodeAnswer> {
  const fields = readFields(body, {
    path: 'the body',
    known: ['otpId', 'otpCode', 'publicKey', 'otpEncryptionTargetBundle'],
    code: 'invalid_body',
    expected:
      'a JSON object with otpId, otpCode, publicKey and otpEncryptionTargetBundle',
  })
  const { otpId, otpCode, publicKey, otpEncryptionTargetBundle } = fields
  if (typeof otpId !== 'string' || !/^[0-9a-f-]{1,64}$/i.test(otpId))
    throw badField(
      'invalid_otp_id',
      '`otpId` must be the id `send-email-code` answered.',
    )
  if (typeof otpCode !== 'string' || !/^[0-9A-Z]{6,9}$/.test(otpCode))
    throw badField('invalid_email_code', 'The code is invalid or expired.')
  if (typeof publicKey !== 'string' || !/^0[23][0-9a-f]{64}$/i.test(publicKey))
    throw badField(
      'invalid_public_key',
      '`publicKey` must be a compressed P-256 key, 66 hex characters.',
    )
  const encryptedOtpBundle =
    typeof otpEncryptionTargetBundle === 'string' &&
    otpEncryptionTargetBundle.length <= 4096
      ? await encryptOtpCode({ otpCode, publicKey, otpEncryptionTargetBundle })
      : undefined
  if (!encryptedOtpBundle)
    throw badField(
      'invalid_otp_id',
      '`otpEncryptionTargetBundle` must be the bundle `send-email-code` answered.',
    )
  const { verificationToken } = await vendor
    .submit<{ verificationToken?: unknown }>(
      'verify_otp',
      {
        type: 'ACTIVITY_TYPE_VERIFY_OTP_V2',
        organizationId,
        parameters: {
          otpId,
          encryptedOtpBundle,
          expirationSeconds: verificationTokenSeconds,
        },
        resultKey: 'verifyOtpResult',
      },
      stamper,
    )
    .catch(toCodeRefusal)
  const claims =
    typeof verificationToken === 'string'
      ? readVerificationTokenClaims(verificationToken)
      : undefined
  if (!claims)
    throw unexpectedVendorAnswer(
      'verify_otp returned no readable verificationToken',
    )
  if (await hasAccount(claims.contact, vendor, { organizationId, stamper }))
    throw emailTaken()
  return {
    verificationToken: await seal.seal(verificationToken as string),
    verificationTokenId: claims.id,
  }
}

/** The address already recovers an account. */
export const emailTaken = () =>
  new Refusal(
    409,
    'email_taken',
    'This email already has an account. Recover it instead of signing up again.',
  )

/** The parent's sub-organizations with this credential id (`list_suborgs`). */
export async function subOrganizationsWithCredential(
  credentialId: string,
  vendor: VendorClient,
  context: Pick<EmailCodeContext, 'organizationId' | 'stamper'>,
): Promise<string[]> {
  return organizationIdsOf(
    'list_suborgs',
    { filterType: 'CREDENTIAL_ID', filterValue: credentialId },
    vendor,
    context,
  )
}

/**
 * The parent's sub-organizations whose user proved this email
 * (`list_verified_suborgs`): an email a user set on their own account
 * without the vendor's proof finds nothing.
 */
function verifiedAccountsOf(
  email: string,
  vendor: VendorClient,
  context: Pick<EmailCodeContext, 'organizationId' | 'stamper'>,
): Promise<string[]> {
  return organizationIdsOf(
    'list_verified_suborgs',
    { filterType: 'EMAIL', filterValue: email },
    vendor,
    context,
  )
}

async function organizationIdsOf(
  query: 'list_suborgs' | 'list_verified_suborgs',
  filter: { filterType: string; filterValue: string },
  vendor: VendorClient,
  {
    organizationId,
    stamper,
  }: Pick<EmailCodeContext, 'organizationId' | 'stamper'>,
): Promise<string[]> {
  const { organizationIds } = await vendor.query<{ organizationIds?: unknown }>(
    query,
    { organizationId, ...filter },
    stamper,
  )
  if (!Array.isArray(organizationIds) || !organizationIds.every(isUuid))
    throw unexpectedVendorAnswer(`${query} returned no id list`)
  return organizationIds
}

/** Whether a sub-organization of the parent has this verified email. */
export async function hasAccount(
  email: string,
  vendor: VendorClient,
  context: Pick<EmailCodeContext, 'organizationId' | 'stamper'>,
) {
  return (await verifiedAccountsOf(email, vendor, context)).length > 0
}

const uncompressedKeyHex = /^04[0-9a-f]{128}$/i

function parseTargetPublicKey(value: unknown) {
  const invalid = () =>
    badField(
      'invalid_target_public_key',
      '`targetPublicKey` must be an uncompressed P-256 public key on the curve: 130 hex characters starting with 04.',
    )
  if (typeof value !== 'string' || !uncompressedKeyHex.test(value))
    throw invalid()
  const key = value.toLowerCase()
  try {
    p256.ProjectivePoint.fromHex(key).assertValidity()
  } catch {
    throw invalid()
  }
  return key
}

/**
 * The recovery-start body, checked field by field (400 `{ code, message }` on
 * the first problem) and rebuilt from the checked values only: the email
 * trimmed and in lower case, the key in lower case.
 */
export function parseRecoveryStartRequest(body: unknown): RecoveryStartRequest {
  const fields = readFields(body, {
    path: 'the body',
    known: ['email', 'type', 'targetPublicKey'],
    code: 'invalid_body',
    expected: 'a JSON object with email, type and targetPublicKey',
  })
  const email = normalizeEmail(fields.email)
  if (!email)
    throw badField(
      'invalid_email',
      "`email` must be the account's email address, such as ada@example.com, in plain characters (no look-alike such as the Kelvin sign K).",
    )
  const { type } = fields
  if (type !== 'email' && type !== 'passkey')
    throw badField(
      'invalid_recovery_type',
      "`type` must be 'email' (sign in with the code, then add a passkey) or 'passkey' (add a passkey with the code).",
    )
  return {
    email,
    type,
    targetPublicKey: parseTargetPublicKey(fields.targetPublicKey),
  }
}

/** The recover-user key is spent at once: the page takes its code within 900 s. */
const passkeyRecoveryKeySeconds = '900'

/**
 * What `POST …/start-recovery` does after it has answered: the vendor emails
 * a code to the user of the one account whose owner proved this email.
 * Nothing of it reaches the answer, which is the same for every email: an
 * unknown email, several accounts, or a vendor failure end here, told only
 * to the log.
 */
export async function sendRecoveryCode(
  request: RecoveryStartRequest,
  vendor: VendorClient,
  context: EmailCodeContext & {
    log(level: 'warn' | 'error', message: string): void
  },
): Promise<void> {
  const organizationIds = await verifiedAccountsOf(
    request.email,
    vendor,
    context,
  )
  if (organizationIds.length !== 1) {
    // The vendor keeps one account per verified email unless another backend
    // made more: sending to one could hand over another's wallet.
    if (organizationIds.length > 1)
      context.log(
        'warn',
        `${organizationIds.length} sub-organizations have the same verified email (${organizationIds.join(', ')}); no code was sent.`,
      )
    return
  }
  const subOrganizationId = organizationIds[0] as string
  const userId = await userIdOf(
    request.email,
    subOrganizationId,
    vendor,
    context.stamper,
  )
  const parameters = {
    email: request.email,
    targetPublicKey: request.targetPublicKey,
    expirationSeconds:
      request.type === 'passkey'
        ? passkeyRecoveryKeySeconds
        : // The email-auth key signs the whole recovery session.
          String(recoverySessionSeconds),
    emailCustomization: { appName: context.appName },
  }
  const result =
    request.type === 'passkey'
      ? await vendor.submit<{ userId?: unknown }>(
          'init_user_email_recovery',
          {
            type: 'ACTIVITY_TYPE_INIT_USER_EMAIL_RECOVERY_V2',
            organizationId: subOrganizationId,
            parameters,
            resultKey: 'initUserEmailRecoveryResult',
          },
          context.stamper,
        )
      : await vendor.submit<{ userId?: unknown }>(
          'email_auth',
          {
            type: 'ACTIVITY_TYPE_EMAIL_AUTH_V3',
            organizationId: subOrganizationId,
            // Anyone may start a recovery for any address: a new code must not
            // void the owner's earlier one, nor the recovery session it opened.
            // Each code ends when it is used or expires.
            parameters,
            resultKey: 'emailAuthResult',
          },
          context.stamper,
        )
  if (result.userId !== userId)
    throw unexpectedVendorAnswer(
      `${request.type === 'passkey' ? 'init_user_email_recovery' : 'email_auth'} returned another userId than list_users`,
    )
}

/** The user of the account's sub-organization who has this email (`list_users`). */
async function userIdOf(
  email: string,
  subOrganizationId: string,
  vendor: VendorClient,
  stamper: Stamper,
): Promise<string> {
  const { users } = await vendor.query<{ users?: unknown }>(
    'list_users',
    { organizationId: subOrganizationId },
    stamper,
  )
  const user = (Array.isArray(users) ? users : []).find(
    (candidate: { userEmail?: unknown }) =>
      typeof candidate?.userEmail === 'string' &&
      canonicalEmail(candidate.userEmail) === email,
  ) as { userId?: unknown } | undefined
  if (!isUuid(user?.userId))
    throw unexpectedVendorAnswer('list_users returned no user with the email')
  return user.userId
}
