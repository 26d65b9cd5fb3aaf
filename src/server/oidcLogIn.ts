import { isUuid, isWholeFrom } from '../core/checks.js'
import { createSerialQueue, type SerialQueue } from '../core/lifecycle.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import {
  grpcCode,
  unexpectedVendorAnswer,
  VendorRequestError,
} from '../turnkey/errors.js'
import {
  type OidcLogInAnswer,
  type OidcLogInRequest,
  oneTimeKeySeconds,
} from '../turnkey/hostBackendContract.js'
import type { Stamper } from '../turnkey/stampers.js'
import { createSubOrganization } from './createAccount.js'
import { badField, Refusal } from './errors.js'
import {
  maxNameLength,
  readCompressedPublicKey,
  readFields,
  readName,
} from './httpJson.js'
import type { createIdTokenVerifier } from './idTokens.js'

// Social log-in: a provider's ID token for the page's session key, checked
// here, then the account its person signed up with (made now when the page
// asks for a sign-up), and the vendor's log-in of that key into it.

/** What the OIDC log-in route signs with, checks tokens with, and logs to. */
export type OidcLogInContext = {
  organizationId: string
  stamper: Stamper
  /** The vendor session profile every OIDC session key is made under. */
  sessionProfileId: string
  verifyIdToken: ReturnType<typeof createIdTokenVerifier>
  /** Runs one person's work after that person's earlier work in this process. */
  onePerPerson: ReturnType<typeof createPersonQueues>
  log(level: 'warn' | 'error', message: string): void
}

/**
 * One serial queue per person (`issuer subject`), kept while it has work:
 * `onePerPerson(person, task)` runs `task` once that person's earlier tasks
 * in this process have settled.
 */
export function createPersonQueues() {
  const queues = new Map<string, { queue: SerialQueue; waiting: number }>()
  return async <result>(person: string, task: () => Promise<result>) => {
    let entry = queues.get(person)
    if (!entry) {
      entry = { queue: createSerialQueue(), waiting: 0 }
      queues.set(person, entry)
    }
    entry.waiting++
    try {
      return await entry.queue.enqueue(task)
    } finally {
      if (--entry.waiting === 0) queues.delete(person)
    }
  }
}

/** An ID token is a few KiB at most (Google's and Apple's: about 1 KiB). */
const maxTokenLength = 8192
/** A session key signs for 30 s to 7 days (the session profile may bound it more). */
const minSessionSeconds = 30
const maxSessionSeconds = 604_800

const jwtShape = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/

function parseSignUp(value: unknown): OidcLogInRequest['signUp'] {
  if (value === undefined) return undefined
  const fields = readFields(value, {
    path: '`signUp`',
    known: ['userName', 'providerName'],
    code: 'invalid_sign_up',
    expected:
      'an object with userName and providerName (or left out to log in only)',
  })
  return {
    userName: readName(fields.userName, () =>
      badField(
        'invalid_user_name',
        `\`signUp.userName\` must be a name of 1 to ${maxNameLength} characters, not blank and without control characters.`,
      ),
    ),
    providerName: readName(fields.providerName, () =>
      badField(
        'invalid_provider_name',
        `\`signUp.providerName\` must be the provider's name as the account lists it (such as Google), 1 to ${maxNameLength} characters without control characters.`,
      ),
    ),
  }
}

/**
 * The OIDC log-in body, checked field by field (400 `{ code, message }` on
 * the first problem) and rebuilt from the checked values only: the names
 * trimmed; the token and the key as sent (the token's nonce is the hash of
 * the key's very characters).
 */
export function parseOidcLogInRequest(body: unknown): OidcLogInRequest {
  const fields = readFields(body, {
    path: 'the body',
    known: [
      'oidcToken',
      'publicKey',
      'expirationSeconds',
      'invalidateExisting',
      'signUp',
      'purpose',
    ],
    code: 'invalid_body',
    expected:
      'a JSON object with oidcToken, publicKey, expirationSeconds and invalidateExisting, and optionally signUp',
  })
  const { oidcToken, expirationSeconds, invalidateExisting } = fields
  if (
    typeof oidcToken !== 'string' ||
    oidcToken.length > maxTokenLength ||
    !jwtShape.test(oidcToken)
  )
    throw badField(
      'invalid_oidc_token',
      `\`oidcToken\` must be the provider's ID token as it came: a JWT (three base64url parts joined by dots), up to ${maxTokenLength} characters.`,
    )
  const publicKey = readCompressedPublicKey(fields.publicKey)
  if (!isWholeFrom(expirationSeconds, minSessionSeconds, maxSessionSeconds))
    throw badField(
      'invalid_expiration_seconds',
      `\`expirationSeconds\` must be how long the session key may sign: a whole number of seconds from ${minSessionSeconds} to ${maxSessionSeconds} (7 days).`,
    )
  if (typeof invalidateExisting !== 'boolean')
    throw badField(
      'invalid_invalidate_existing',
      "`invalidateExisting` must be true (end the user's earlier session keys) or false.",
    )
  const signUp = parseSignUp(fields.signUp)
  const purpose = fields.purpose ?? 'session'
  if (purpose !== 'session' && purpose !== 'add-passkey')
    throw badField(
      'invalid_purpose',
      "`purpose` must be 'session' (the session key's log-in, the default) or 'add-passkey' (a one-time key that adds a passkey).",
    )
  if (
    purpose === 'add-passkey' &&
    (signUp || expirationSeconds > oneTimeKeySeconds)
  )
    throw badField(
      'invalid_purpose',
      `A key that adds a passkey is for an account that exists, for ${oneTimeKeySeconds} s at most: send it without \`signUp\`, with \`expirationSeconds\` up to ${oneTimeKeySeconds}.`,
    )
  return {
    oidcToken,
    publicKey,
    expirationSeconds,
    invalidateExisting,
    ...(signUp && { signUp }),
    ...(purpose === 'add-passkey' && { purpose }),
  }
}

/**
 * The vendor refusing the token itself (already used, expired by its
 * clock, not verified): the caller's to fix by signing in again. Any other
 * refusal stays the vendor's failure (502).
 */
function toTokenRefusal(error: unknown): never {
  if (
    error instanceof VendorRequestError &&
    error.status === 400 &&
    (error.vendorCode === grpcCode.invalidArgument ||
      error.vendorCode === grpcCode.failedPrecondition) &&
    /oidc|token/i.test(error.vendorMessage)
  )
    throw new Refusal(
      400,
      'invalid_oidc_token',
      error.vendorCode === grpcCode.failedPrecondition
        ? 'The wallet service has already used this ID token to log in: sign in with the provider again.'
        : 'The wallet service refused the ID token: sign in with the provider again.',
    )
  throw error
}

/**
 * The sub-organizations of the parent whose user signs in with the token's
 * provider account (`list_suborgs` by `OIDC_TOKEN`: the vendor verifies the
 * token too, and spends nothing).
 */
async function accountsOf(
  oidcToken: string,
  vendor: VendorClient,
  { organizationId, stamper }: OidcLogInContext,
): Promise<string[]> {
  const { organizationIds } = await vendor
    .query<{ organizationIds?: unknown }>(
      'list_suborgs',
      { organizationId, filterType: 'OIDC_TOKEN', filterValue: oidcToken },
      stamper,
    )
    .catch(toTokenRefusal)
  if (!Array.isArray(organizationIds) || !organizationIds.every(isUuid))
    throw unexpectedVendorAnswer('list_suborgs returned no id list')
  return organizationIds
}

/**
 * A new account for the token's person: one root user (quorum 1) who signs
 * in with this provider account and holds no passkey, no API key and no
 * email (an ID token's email is the provider's word, never a proof here),
 * and the Ethereum wallet every sign-up makes.
 */
async function createOidcAccount(
  oidcToken: string,
  { userName, providerName }: NonNullable<OidcLogInRequest['signUp']>,
  vendor: VendorClient,
  { organizationId, stamper }: OidcLogInContext,
): Promise<string> {
  return createSubOrganization(
    vendor,
    { organizationId, stamper },
    {
      userName,
      rootUser: {
        userName,
        apiKeys: [],
        authenticators: [],
        oauthProviders: [{ providerName, oidcToken }],
      },
    },
  ).catch(toTokenRefusal)
}

/**
 * `POST …/oidc-login` (passkeyWallet's `OidcLogInRequest`): the ID token is
 * verified here before any vendor request (signature, iss, aud, exp, and the
 * nonce of `publicKey`); the account whose user signs in with that provider
 * account is found, or made with `signUp`; the vendor then logs the session
 * key in (`oauth_login`, under the configured session profile) and spends
 * the token.
 */
export async function oidcLogIn(
  body: unknown,
  vendor: VendorClient,
  context: OidcLogInContext,
): Promise<OidcLogInAnswer> {
  const request = parseOidcLogInRequest(body)
  const { oidcToken, publicKey } = request
  const person = await context.verifyIdToken(oidcToken, publicKey)
  // One person's lookups and sign-ups in this process run one at a time:
  // two first sign-ins at once (two tabs) make one account, not two.
  const { subOrganizationId, created } = await context.onePerPerson(
    `${person.issuer} ${person.subject}`,
    async () => {
      const accounts = await accountsOf(oidcToken, vendor, context)
      if (accounts.length > 1) {
        // Not this backend's doing (it looks before it makes one), but
        // another's on the same parent, or two first sign-ins on two
        // servers at once. Opening one could hand the person an account
        // someone else set up to hold their provider account: none is
        // opened, and the operator is told which.
        context.log(
          'warn',
          `${accounts.length} sub-organizations sign in with ${person.issuer} subject ${person.subject} (${accounts.join(', ')}); none was logged in.`,
        )
        throw new Refusal(
          409,
          'ambiguous_oidc_account',
          'More than one account signs in with this provider account, so none was opened: ask the app’s support.',
        )
      }
      const [found] = accounts
      if (found !== undefined)
        return { subOrganizationId: found, created: false }
      if (!request.signUp)
        throw new Refusal(
          404,
          'no_account',
          'No account signs in with this provider account: sign up (send `signUp` with a user name and the provider’s name).',
        )
      return {
        subOrganizationId: await createOidcAccount(
          oidcToken,
          request.signUp,
          vendor,
          context,
        ),
        created: true,
      }
    },
  )
  const { session } = await vendor
    .submit<{ session?: unknown }>(
      'oauth_login',
      {
        type: 'ACTIVITY_TYPE_OAUTH_LOGIN',
        organizationId: subOrganizationId,
        parameters: {
          oidcToken,
          publicKey,
          expirationSeconds: String(request.expirationSeconds),
          invalidateExisting: request.invalidateExisting,
          // A one-time key adds a passkey, which no session profile allows:
          // it lives minutes, and the page deletes it once it has served.
          ...(request.purpose !== 'add-passkey' && {
            sessionProfileId: context.sessionProfileId,
          }),
        },
        resultKey: 'oauthLoginResult',
      },
      context.stamper,
    )
    .catch(toTokenRefusal)
  if (typeof session !== 'string' || session === '')
    throw unexpectedVendorAnswer('oauth_login returned no session')
  return { subOrganizationId, session, created } satisfies OidcLogInAnswer
}
