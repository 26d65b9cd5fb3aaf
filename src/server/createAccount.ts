import { isUuid } from '../core/checks.js'
import { canonicalEmail } from '../core/email.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import {
  grpcCode,
  unexpectedVendorAnswer,
  VendorRequestError,
} from '../turnkey/errors.js'
import type { ClientSignature } from '../turnkey/hostBackendContract.js'
import {
  type CreateAccountAnswer,
  type CreateAccountRequest,
  signUpRootUser,
  signUpWallet,
  subOrganizationName,
} from '../turnkey/hostBackendContract.js'
import type { Stamper } from '../turnkey/stampers.js'
import { verifyVerificationToken } from '../turnkey/verificationToken.js'
import {
  type EmailCodeContext,
  emailTaken,
  hasAccount,
  subOrganizationsWithCredential,
} from './emailCodes.js'
import { badField, Refusal } from './errors.js'
import {
  decodeBase64Url,
  maxNameLength,
  normalizeEmail,
  readFields,
  readName,
} from './httpJson.js'

const vendorTransports = {
  internal: 'AUTHENTICATOR_TRANSPORT_INTERNAL',
  hybrid: 'AUTHENTICATOR_TRANSPORT_HYBRID',
  usb: 'AUTHENTICATOR_TRANSPORT_USB',
  nfc: 'AUTHENTICATOR_TRANSPORT_NFC',
  ble: 'AUTHENTICATOR_TRANSPORT_BLE',
} as const
const transportNames = new Set<string>(Object.values(vendorTransports))

const invalidUserName = () =>
  badField(
    'invalid_user_name',
    `\`userName\` must be a name of 1 to ${maxNameLength} characters, not blank and without control characters.`,
  )
const invalidAttestation = (field: string, expected: string) =>
  badField(
    'invalid_attestation',
    `\`attestation${field ? `.${field}` : ''}\` must be ${expected}: send the attestation of the passkey just created, as passkeyWallet gives it.`,
  )

/** A new account's user name, trimmed (400 `invalid_user_name`). */
const parseUserName = (value: unknown) => readName(value, invalidUserName)

function parseEmail(value: unknown) {
  // Left out, or empty as a form leaves it: an account without recovery.
  if (value === undefined || value === '') return undefined
  const email = normalizeEmail(value)
  if (!email)
    throw badField(
      'invalid_email',
      '`email` must be an email address such as ada@example.com, in plain characters (no look-alike such as the Kelvin sign K), or be left out.',
    )
  return email
}

const emailNotVerified = () =>
  badField(
    'email_not_verified',
    'An email is kept only once its owner entered the code sent to it: send the `verificationToken` verify-email-code answered and a `clientSignature` with it (passkeyWallet does after `sendEmailCode` and `confirmEmailCode`), or leave `email` out.',
  )

function parseVerification(
  email: string | undefined,
  token: unknown,
  signature: unknown,
): { verificationToken: string; clientSignature: ClientSignature } | undefined {
  if (email === undefined) {
    if (token !== undefined || signature !== undefined)
      throw badField(
        'invalid_body',
        '`verificationToken` and `clientSignature` prove an email: send them with `email`, or neither.',
      )
    return undefined
  }
  if (typeof token !== 'string' || token.length < 1 || token.length > 4096)
    throw emailNotVerified()
  const fields = readFields(signature, {
    path: 'clientSignature',
    known: ['publicKey', 'scheme', 'message', 'signature'],
    code: 'email_not_verified',
    expected: 'the signature passkeyWallet made with the verified key',
  })
  const { publicKey, scheme, message, signature: value } = fields
  if (
    typeof publicKey !== 'string' ||
    !/^0[23][0-9a-f]{64}$/i.test(publicKey) ||
    scheme !== 'CLIENT_SIGNATURE_SCHEME_API_P256' ||
    typeof message !== 'string' ||
    message.length > 65_536 ||
    typeof value !== 'string' ||
    !/^[0-9a-f]{128}$/i.test(value)
  )
    throw emailNotVerified()
  return {
    verificationToken: token,
    clientSignature: { publicKey, scheme, message, signature: value },
  }
}

function parseChallenge(value: unknown) {
  const bytes = decodeBase64Url(value)
  if (!bytes || bytes.length < 16 || bytes.length > 64)
    throw badField(
      'invalid_challenge',
      '`challenge` must be the unpadded base64url challenge the passkey was created with (16 to 64 bytes).',
    )
  return value as string
}

/** clientDataJSON must be a registration over this very challenge. */
function checkClientData(value: unknown, challenge: string) {
  const bytes = decodeBase64Url(value)
  let clientData: unknown
  try {
    clientData = bytes && JSON.parse(new TextDecoder().decode(bytes))
  } catch {
    clientData = undefined
  }
  const { type, challenge: signed } = (clientData ?? {}) as Record<
    string,
    unknown
  >
  if (type !== 'webauthn.create' || signed !== challenge)
    throw invalidAttestation(
      'clientDataJson',
      'the unpadded base64url clientDataJSON of a passkey created with `challenge`',
    )
}

function parseTransports(value: unknown): string[] {
  const invalid = () =>
    badField(
      'invalid_transports',
      '`attestation.transports` must be a list of the vendor transports (AUTHENTICATOR_TRANSPORT_INTERNAL, _HYBRID, _USB, _NFC, _BLE) or their WebAuthn names (internal, hybrid, usb, nfc, ble).',
    )
  if (!Array.isArray(value) || value.length > 16) throw invalid()
  const transports = value.map((transport: unknown) => {
    if (typeof transport !== 'string') throw invalid()
    if (transportNames.has(transport)) return transport
    // Own keys only: `toString` or `__proto__` are not transports.
    if (!Object.hasOwn(vendorTransports, transport)) throw invalid()
    return vendorTransports[transport as keyof typeof vendorTransports]
  })
  return [...new Set(transports)]
}

function parseAttestation(value: unknown, challenge: string) {
  const fields = readFields(value, {
    path: 'attestation',
    known: [
      'credentialId',
      'clientDataJson',
      'attestationObject',
      'transports',
    ],
    code: 'invalid_attestation',
    expected:
      'an object with credentialId, clientDataJson, attestationObject and transports',
  })
  const credentialId = decodeBase64Url(fields.credentialId)
  if (!credentialId || credentialId.length < 1 || credentialId.length > 1023)
    throw invalidAttestation(
      'credentialId',
      "the passkey's id: unpadded base64url of 1 to 1023 bytes",
    )
  checkClientData(fields.clientDataJson, challenge)
  const attestationObject = decodeBase64Url(fields.attestationObject)
  if (!attestationObject || attestationObject.length < 37)
    throw invalidAttestation(
      'attestationObject',
      'the unpadded base64url attestation object of the passkey',
    )
  return {
    credentialId: fields.credentialId as string,
    clientDataJson: fields.clientDataJson as string,
    attestationObject: fields.attestationObject as string,
    transports: parseTransports(fields.transports),
  }
}

/**
 * The sign-up body, checked field by field (400 `{ code, message }` on the
 * first problem) and rebuilt from the checked values only: the name trimmed,
 * the email trimmed and in lower case, WebAuthn transport names mapped to the
 * vendor's.
 */
export function parseCreateAccountRequest(body: unknown): CreateAccountRequest {
  const fields = readFields(body, {
    path: 'the body',
    known: [
      'userName',
      'email',
      'challenge',
      'attestation',
      'verificationToken',
      'clientSignature',
    ],
    code: 'invalid_body',
    expected:
      'a JSON object with userName, challenge and attestation, and optionally email with its verificationToken and clientSignature',
  })
  const userName = parseUserName(fields.userName)
  const email = parseEmail(fields.email)
  const verification = parseVerification(
    email,
    fields.verificationToken,
    fields.clientSignature,
  )
  const challenge = parseChallenge(fields.challenge)
  if (fields.attestation === undefined)
    throw invalidAttestation('', 'the new passkey (it is missing)')
  const attestation = parseAttestation(fields.attestation, challenge)
  return {
    userName,
    ...(email && { email }),
    challenge,
    attestation,
    ...verification,
  }
}

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
    seal,
    verificationTokenPublicKey,
  }: Pick<EmailCodeContext, 'organizationId' | 'stamper' | 'seal'> & {
    verificationTokenPublicKey: string
  },
): Promise<CreateAccountAnswer> {
  const request = parseCreateAccountRequest(body)
  const { email, clientSignature } = request
  // What the page sent is verify-email-code's seal: only this backend opens it.
  const verificationToken = email
    ? await seal.open(request.verificationToken)
    : undefined
  if (email) {
    const claims = verifyVerificationToken(
      verificationToken,
      verificationTokenPublicKey,
      Date.now(),
    )
    if (
      !claims ||
      canonicalEmail(claims.contact) !== email ||
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
  const subOrganizationId = await createSubOrganization(
    vendor,
    { organizationId, stamper },
    {
      userName: request.userName,
      // Recovery finds the account by its verified email (list_verified_suborgs).
      rootUser: signUpRootUser(request),
      emailProof: email ? { verificationToken, clientSignature } : undefined,
    },
  ).catch(async (error: unknown) => {
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
  return { subOrganizationId } satisfies CreateAccountAnswer
}

/**
 * The user's sub-organization, as every sign-up makes it: one root user
 * (quorum 1) and the Ethereum wallet, named after the user. An email goes
 * only with its proof; without one, no email method may ever reach the
 * account's keys. Its id.
 */
export async function createSubOrganization(
  vendor: VendorClient,
  { organizationId, stamper }: { organizationId: string; stamper: Stamper },
  {
    userName,
    rootUser,
    emailProof,
  }: {
    userName: string
    rootUser: Record<string, unknown>
    /** The verified email's proof (the route checked both are there with the email). */
    emailProof?:
      | {
          verificationToken: string | undefined
          clientSignature: ClientSignature | undefined
        }
      | undefined
  },
): Promise<string> {
  const result = await vendor.submit<{ subOrganizationId?: unknown }>(
    'create_sub_organization',
    {
      type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
      organizationId,
      parameters: {
        subOrganizationName: subOrganizationName(userName),
        rootUsers: [rootUser],
        rootQuorumThreshold: 1,
        wallet: signUpWallet,
        ...(emailProof ?? {
          disableEmailRecovery: true,
          disableEmailAuth: true,
          disableOtpEmailAuth: true,
        }),
      },
      resultKey: 'createSubOrganizationResultV8',
    },
    stamper,
  )
  if (!isUuid(result.subOrganizationId))
    throw unexpectedVendorAnswer(
      'create_sub_organization returned no subOrganizationId',
    )
  return result.subOrganizationId
}
