import { isUuid } from '../core/isUuid.js'
import { withDeadline } from '../core/withDeadline.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import type { RecoveryStartAnswer } from '../turnkey/recoveryStartContract.js'
import type { Stamper } from '../turnkey/Stamper.js'
import {
  UnexpectedVendorAnswer,
  VendorTimeout,
} from './describeVendorFailure.js'
import { type EmailCodeContext, subOrganizationsBy } from './emailCodeRoutes.js'
import { parseRecoveryStartRequest } from './parseRecoveryStartRequest.js'

/** Recovery start answers this long before its deadline, whatever the vendor still does. */
const lateAnswerMarginMs = 250
/** The recover-user key is spent at once: the page takes its code within 900 s. */
const passkeyRecoveryKeySeconds = '900'
/** The email-auth key signs the whole recovery session (the page allows up to 1800 s). */
const emailRecoveryKeySeconds = '1800'

export type RecoveryStartContext = EmailCodeContext & {
  /** The made-up answer for an email without exactly one account. */
  decoyFor(email: string): Promise<RecoveryStartAnswer>
  /** A vendor client on its own signal: sending the code ends before the call's deadline. */
  vendorFor(signal: AbortSignal): VendorClient
  timeoutMs: number
  /** Logs what the answer must not show (it is the same for every email). */
  log(level: 'warn' | 'error', message: string): void
  describeFailure(error: unknown): string
}

/**
 * `POST …/start-recovery` (passkeyWallet's `RecoveryStartRequest`): the
 * vendor emails a code to the one account's user with this email. The answer
 * is the same, in time as in shape, whether or not the email has an account:
 * made-up ids otherwise, and any failure past the lookup only in the log.
 */
export async function startRecovery(
  body: unknown,
  vendor: VendorClient,
  call: { signal: AbortSignal; deadline: number },
  context: RecoveryStartContext,
): Promise<RecoveryStartAnswer> {
  const {
    organizationId,
    stamper,
    decoyFor,
    vendorFor,
    timeoutMs,
    log,
    describeFailure,
  } = context
  const request = parseRecoveryStartRequest(body)
  const { email } = request
  const organizationIds = await subOrganizationsBy('EMAIL', email, vendor, {
    organizationId,
    stamper,
  })
  const decoy = await decoyFor(email)
  if (organizationIds.length !== 1) {
    // Several accounts share the email (made before sign-up verified it,
    // or by another backend): sending to one could hand over another's wallet.
    if (organizationIds.length > 1)
      log(
        'warn',
        `${organizationIds.length} sub-organizations have the same email (${organizationIds.join(', ')}); no code was sent.`,
      )
    return decoy
  }
  const subOrganizationId = organizationIds[0] as string
  // Past the lookup, a failure must answer as an unknown email does, and
  // in time for the deadline: the account's ids whatever the vendor
  // does, and the failure in the log (the user asks for a new code).
  let userId = decoy.userId
  try {
    await withDeadline(
      Math.max(0, call.deadline - Date.now() - lateAnswerMarginMs),
      async (late) => {
        const sending = vendorFor(AbortSignal.any([call.signal, late]))
        userId = await userIdOf(email, subOrganizationId, sending, stamper)
        await sendRecoveryCode(sending, context, {
          ...request,
          subOrganizationId,
          userId,
        })
      },
      () => new VendorTimeout(timeoutMs),
    )
  } catch (error) {
    log(
      'error',
      `no code was sent to the user of ${subOrganizationId}: ${describeFailure(error)}`,
    )
  }
  return {
    userId,
    organizationId: subOrganizationId,
  } satisfies RecoveryStartAnswer
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
    throw new UnexpectedVendorAnswer(
      'list_users returned no user with the email',
    )
  return user.userId
}

/** The vendor emails the code to the one account's user with this email. */
async function sendRecoveryCode(
  vendor: VendorClient,
  { appName, stamper }: EmailCodeContext,
  {
    subOrganizationId,
    userId,
    email,
    type,
    targetPublicKey,
  }: ReturnType<typeof parseRecoveryStartRequest> & {
    subOrganizationId: string
    userId: string
  },
): Promise<void> {
  const parameters = {
    email,
    targetPublicKey,
    expirationSeconds:
      type === 'passkey' ? passkeyRecoveryKeySeconds : emailRecoveryKeySeconds,
    emailCustomization: { appName },
  }
  const result =
    type === 'passkey'
      ? await vendor.submit<{ userId?: unknown }>(
          'init_user_email_recovery',
          {
            type: 'ACTIVITY_TYPE_INIT_USER_EMAIL_RECOVERY_V2',
            organizationId: subOrganizationId,
            parameters,
            resultKey: 'initUserEmailRecoveryResult',
          },
          stamper,
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
          stamper,
        )
  if (result.userId !== userId)
    throw new UnexpectedVendorAnswer(
      `${type === 'passkey' ? 'init_user_email_recovery' : 'email_auth'} returned another userId than list_users`,
    )
}
