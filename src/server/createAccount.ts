import { isUuid } from '../core/checks.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import { VendorRequestError } from '../turnkey/errors.js'
import { grpcCode } from '../turnkey/grpcCode.js'
import {
  type CreateAccountAnswer,
  signUpRootUser,
  signUpWallet,
  subOrganizationName,
} from '../turnkey/signUpAccount.js'
import { verifyVerificationToken } from '../turnkey/verificationToken.js'
import { UnexpectedVendorAnswer } from './describeVendorFailure.js'
import {
  type EmailCodeContext,
  emailTaken,
  hasAccount,
  subOrganizationsWithCredential,
} from './emailCodeRoutes.js'
import { parseCreateAccountRequest } from './parseCreateAccountRequest.js'
import { badField, Refusal } from './Refusal.js'

/**
 * `POST …/create-account` (passkeyWallet's `CreateAccountRequest`): the
 * user's sub-organization, with the passkey as its root user's one
 * authenticator, the email only with its owner's proof, and an Ethereum
 * account. A replayed sign-up is told its passkey has an account (409
 * `passkey_has_account`), never which.
 */
export async function createAccount(
  body: unknown,
  vendor: VendorClient,
  {
    organizationId,
    stamper,
    verificationTokenPublicKey,
  }: Pick<EmailCodeContext, 'organizationId' | 'stamper'> & {
    verificationTokenPublicKey: string
  },
): Promise<CreateAccountAnswer> {
  const request = parseCreateAccountRequest(body)
  const { email, verificationToken, clientSignature } = request
  if (email) {
    const claims = verifyVerificationToken(
      verificationToken,
      verificationTokenPublicKey,
      Date.now(),
    )
    if (
      claims?.contact.toLowerCase() !== email ||
      claims.organization_id !== organizationId
    )
      throw badField(
        'email_not_verified',
        'The email’s proof is not valid for this address (or has expired): enter a new code sent to it.',
      )
  }
  // A replayed sign-up (a retry after a lost answer): its passkey has its
  // account already. Which one, only the passkey's holder learns, by logging
  // in with it: a credential id is no proof of holding the passkey.
  const existing = await subOrganizationsWithCredential(
    request.attestation.credentialId,
    vendor,
    { organizationId, stamper },
  )
  if (existing.length > 0)
    throw new Refusal(
      409,
      'passkey_has_account',
      'This passkey already has an account: log in with it.',
    )
  // The token proves the caller reads this inbox: telling them leaks nothing.
  if (email && (await hasAccount(email, vendor, { organizationId, stamper })))
    throw emailTaken()
  const result = await vendor
    .submit<{ subOrganizationId?: unknown }>(
      'create_sub_organization',
      {
        type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
        organizationId,
        parameters: {
          subOrganizationName: subOrganizationName(request.userName),
          // Recovery finds the account by its verified email (list_verified_suborgs).
          rootUsers: [signUpRootUser(request)],
          rootQuorumThreshold: 1,
          wallet: signUpWallet,
          // No proven email: no email method may ever reach this account's keys.
          ...(email
            ? { verificationToken, clientSignature }
            : {
                disableEmailRecovery: true,
                disableEmailAuth: true,
                disableOtpEmailAuth: true,
              }),
        },
        resultKey: 'createSubOrganizationResultV8',
      },
      stamper,
    )
    .catch(async (error: unknown) => {
      // A proof spent meanwhile (another tab's sign-up with it): the user's
      // answer, not the vendor's failure.
      if (
        email &&
        error instanceof VendorRequestError &&
        error.vendorCode === grpcCode.failedPrecondition
      ) {
        if (await hasAccount(email, vendor, { organizationId, stamper }))
          throw emailTaken()
        throw badField(
          'email_not_verified',
          'The email’s proof was already used: enter a new code sent to it.',
        )
      }
      throw error
    })
  if (!isUuid(result.subOrganizationId))
    throw new UnexpectedVendorAnswer(
      'create_sub_organization returned no subOrganizationId',
    )
  return {
    subOrganizationId: result.subOrganizationId,
  } satisfies CreateAccountAnswer
}
