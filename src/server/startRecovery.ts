import { p256 } from '@noble/curves/p256'
import { isUuid } from '../core/checks.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import type { RecoveryStartRequest } from '../turnkey/hostBackendContract.js'
import type { Stamper } from '../turnkey/stampers.js'
import { type EmailCodeContext, verifiedAccountsOf } from './emailCodeRoutes.js'
import { badField, unexpectedVendorAnswer } from './errors.js'
import { normalizeEmail, readFields } from './httpJson.js'

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
      "`email` must be the account's email address, such as ada@example.com.",
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
/** The email-auth key signs the whole recovery session (the page allows up to 1800 s). */
const emailRecoveryKeySeconds = '1800'

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
        : emailRecoveryKeySeconds,
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
            // Each new code ends the ones before: one live email credential at a time.
            parameters: { ...parameters, invalidateExisting: true },
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
      candidate.userEmail.toLowerCase() === email,
  ) as { userId?: unknown } | undefined
  if (!isUuid(user?.userId))
    throw unexpectedVendorAnswer('list_users returned no user with the email')
  return user.userId
}
