import { isUuid, isWholeFrom } from '../core/checks.js'
import { withDeadline } from '../core/deadlines.js'
import { isSecureUrl } from '../core/secureUrl.js'
import {
  checkApiKeyPair,
  createApiKeyStamper,
} from '../turnkey/apiKeyStamper.js'
import {
  createVendorClient,
  type VendorClient,
} from '../turnkey/createVendorClient.js'
import { VendorTimeoutError } from '../turnkey/errors.js'
import { recoveryStartAccepted } from '../turnkey/hostBackendContract.js'
import { productionVerificationTokenPublicKey } from '../turnkey/verificationToken.js'
import { createAccount } from './createAccount.js'
import {
  createSessionProfile,
  type SessionProfileOptions,
} from './createSessionProfile.js'
import {
  parseRecoveryStartRequest,
  sendEmailCode,
  sendRecoveryCode,
  verifyEmailCode,
} from './emailCodes.js'
import { ensureSessionProfile } from './ensureSessionProfile.js'
import {
  AuthorizeRejectedError,
  describeVendorFailure,
  InvalidPasskeyBackendParameterError,
  OidcProviderError,
  Refusal,
  VendorUnreachableError,
} from './errors.js'
import {
  checkGasSponsorship,
  type GasSponsorshipLimits,
  type GasSponsorshipUsage,
} from './gasSponsorship.js'
import { jsonAnswer, readJsonBody } from './httpJson.js'
import { createIdTokenVerifier, type OidcProvider } from './idTokens.js'
import { createPersonQueues, oidcLogIn } from './oidcLogIn.js'
import { createTokenSeal } from './sealedVerificationToken.js'

export type CreatePasskeyBackendParameters = {
  /** Your parent organization at the vendor (Turnkey), a UUID. */
  organizationId: string
  /** The parent organization's API public key: compressed P-256, 66 hex characters. */
  apiPublicKey: string
  /** Its private key: 64 hex characters. Read it from the server's environment; it never leaves this process. */
  apiPrivateKey: string
  /** The vendor's API: `https://api.turnkey.com` by default (the sandbox prints its own). */
  apiBaseUrl?: string | undefined
  /** Your app's name, shown in the vendor's emails (required by the vendor). */
  appName: string
  /**
   * The vendor's key that signs email verification tokens (uncompressed
   * P-256, 130 hex characters): the vendor's production key by default (the
   * sandbox prints its own). Sign-up checks a token with it before it acts
   * on the email the token names.
   */
  verificationTokenPublicKey?: string | undefined
  /**
   * How long one call to a handler may wait for the vendor, in milliseconds:
   * 10 000 by default, 100 to 60 000. Past it the handler answers 502.
   */
  vendorTimeoutMs?: number | undefined
  /** How to reach the vendor; `globalThis.fetch` by default (tests count or fake requests with it). */
  fetch?: typeof fetch | undefined
  /**
   * Your gate before any vendor call (a rate limit, a captcha, an
   * allow-list): called with the request, its parsed JSON body and the
   * route, within the handler's deadline. Resolve to `false` for 403
   * `forbidden`, to a `Response` to answer with it (a 429 of yours), or to
   * anything else to go on. A rejection is a 500, logged as `authorize`'s.
   */
  authorize?:
    | ((
        request: Request,
        body: unknown,
        route: PasskeyBackendRoute,
      ) => unknown | Promise<unknown>)
    | undefined
  /**
   * Recovery start answers no sooner than this, in milliseconds: 1500 by
   * default, 0 to 10 000. It answers then whatever the email, and sends the
   * code (when an account has the email) after it has answered.
   */
  startRecoveryFloorMs?: number | undefined
  /**
   * Keeps the work a handler goes on with after its answer alive on
   * platforms that end a request's work with its answer: Vercel's or
   * Cloudflare's `waitUntil`, Next.js's `after`. A long-running Node server
   * needs none.
   */
  waitUntil?: ((work: Promise<unknown>) => void) | undefined
  /**
   * Social log-in (`oidcLogIn`, `…/oidc-login`): the OIDC providers whose ID
   * tokens log users in, and the vendor session profile their session keys
   * are made under. Without it, that route answers 404 like an unknown one.
   */
  oidc?: OidcOptions | undefined
}

/** The OIDC providers a backend accepts ID tokens from, and the profile of the sessions they open. */
export type OidcOptions = {
  /**
   * Each provider once: its issuer, exactly as its tokens' `iss` say it
   * (`https://accounts.google.com`, `https://appleid.apple.com`; http only
   * on localhost or 127.0.0.1), and your app's client id there (their `aud`).
   */
  providers: readonly OidcProvider[]
  /** The vendor session profile (a UUID, from `ensureSessionProfile`) that bounds every session key an ID token logs in. */
  sessionProfileId: string
}

/** The routes, as `authorize` and the server log name them. */
export type PasskeyBackendRoute =
  | 'sign-up'
  | 'send-email-code'
  | 'verify-email-code'
  | 'start-recovery'
  | 'oidc-login'

/** A handler on the web-standard Request and Response, as Next.js, Hono, Bun, Deno and Workers call them. */
export type PasskeyBackendHandler = (request: Request) => Promise<Response>

export type PasskeyBackend = {
  /**
   * `createAccount`: POST `CreateAccountRequest` as JSON → 200
   * `{ subOrganizationId }`; 400/405/413/415 `{ code, message }` for bad
   * input (400 `email_not_verified` for an email without its proof); 409
   * `email_taken`; 502 `{ code: 'vendor_error', message }` when the vendor fails.
   */
  signUp: PasskeyBackendHandler
  /** `emailCode.send`: POST `{ email }` → 200 `{ otpId, otpEncryptionTargetBundle }`, for any address. */
  sendEmailCode: PasskeyBackendHandler
  /**
   * `emailCode.verify`: POST `{ otpId, otpEncryptionTargetBundle, otpCode, publicKey }`
   * → 200 `{ verificationToken, verificationTokenId }`, the token sealed to
   * this backend (the page never holds the vendor's bearer proof); 400 `invalid_email_code` (tries left) or
   * `email_code_expired` (a new code is needed); 409 `email_taken`.
   */
  verifyEmailCode: PasskeyBackendHandler
  /**
   * `recovery.start`: POST `RecoveryStartRequest` as JSON → 200
   * `{ accepted: true }` at `startRecoveryFloorMs`, whatever the email; the
   * code is sent afterwards to the one account whose owner proved the email,
   * and a failure is only logged (the user asks for a new code);
   * 400/405/413/415 for bad input.
   */
  startRecovery: PasskeyBackendHandler
  /**
   * Social log-in: POST `OidcLogInRequest` as JSON → 200 `{
   * subOrganizationId, session, created }`: the ID token verified here
   * (signature, `iss`, `aud`, `exp`, nonce of `publicKey`) before any vendor
   * call, the account that signs in with the provider account found (or
   * made, with `signUp`), and the session key logged in under
   * `oidc.sessionProfileId`. 400 `invalid_oidc_token` (the message names the
   * check that failed) and the other bad-input answers; 404 `no_account`
   * without `signUp`; 409 `ambiguous_oidc_account`; 502 `vendor_error` or
   * `oidc_provider_unavailable`. Without the `oidc` option, 404 `not_found`.
   */
  oidcLogIn: PasskeyBackendHandler
  /**
   * Creates the vendor session profile that `passkeyWallet({ session: {
   * profileId } })` names: run it once per parent organization, when you set
   * the app up (a profile is immutable and lives for good), and keep the id
   * it answers. `scope` is `sessionScope()`'s (the pack's signing session) by
   * default; a narrower one from `sessionScope({ to, maxValue, chainIds, functions, sponsor })`.
   */
  createSessionProfile(options?: SessionProfileOptions): Promise<{
    sessionProfileId: string
  }>
  /**
   * `createSessionProfile`, idempotently: the parent organization's profile
   * of this name when it has the same scope and expiration (`created:
   * false`), else a new one. The same name with another scope or expiration
   * rejects with `SessionProfileConflictError`. Run it at every deploy.
   */
  ensureSessionProfile(options?: SessionProfileOptions): Promise<{
    sessionProfileId: string
    created: boolean
  }>
  /**
   * Reads the parent organization's Gas Station limits and what it paid in
   * the current window; rejects with `GasSponsorshipLimitsError` when they
   * are not `limits` (the vendor's dashboard sets them, not its API).
   */
  checkGasSponsorship(
    limits: GasSponsorshipLimits,
  ): Promise<GasSponsorshipUsage>
  /**
   * All on one handler, chosen by the path's end: `…/create-account` →
   * `signUp`, `…/send-email-code` → `sendEmailCode`, `…/verify-email-code` →
   * `verifyEmailCode`, `…/start-recovery` → `startRecovery`,
   * `…/oidc-login` → `oidcLogIn`, anything else 404.
   */
  fetch: PasskeyBackendHandler
}

const defaultApiBaseUrl = 'https://api.turnkey.com'
const defaultVendorTimeoutMs = 10_000
const defaultStartRecoveryFloorMs = 1500
const logPrefix = '[wagmi-connector-pack/server]'
const vendorFailureMessage =
  'The wallet service did not complete the request. Try again in a moment.'
/** Answers about the request itself, the same whatever accounts exist. */
const badInputStatuses = new Set([400, 403, 405, 408, 413, 415])
const silent = { warn() {}, error() {} }

/** An unknown route's answer: the same for every path, configured or not. */
const notFound = () =>
  jsonAnswer(404, {
    code: 'not_found',
    message:
      'No such route: POST to …/create-account (sign-up), …/send-email-code and …/verify-email-code (the email’s proof), …/start-recovery (recovery) or …/oidc-login (social log-in, with the `oidc` option of createPasskeyBackend).',
  })

/**
 * The host's own answer from `authorize`, sent as it is. Control flow within
 * a handler, which always catches it: not an error, so no BaseError.
 */
class HostAnswer {
  constructor(readonly response: Response) {}
}

/** The host's gate, within the deadline; refuses by throwing a Refusal or its own answer. */
async function authorized(
  authorize: CreatePasskeyBackendParameters['authorize'],
  request: Request,
  body: unknown,
  route: PasskeyBackendRoute,
) {
  if (!authorize) return
  let verdict: unknown
  try {
    verdict = await authorize(request, body, route)
  } catch (cause) {
    throw new AuthorizeRejectedError({ cause })
  }
  if (verdict instanceof Response) throw new HostAnswer(verdict)
  if (verdict === false)
    throw new Refusal(403, 'forbidden', 'This request was refused by the app.')
}

function isLoopback(hostname: string) {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  )
}

function validate(parameters: CreatePasskeyBackendParameters) {
  const invalid = (name: string, expected: string) =>
    new InvalidPasskeyBackendParameterError(name, expected)
  const given = (
    typeof parameters === 'object' && parameters !== null ? parameters : {}
  ) as Partial<Record<keyof CreatePasskeyBackendParameters, unknown>>
  if (!isUuid(given.organizationId))
    throw invalid(
      'organizationId',
      'your parent organization id at the vendor, a UUID',
    )
  const problem = checkApiKeyPair({
    publicKey: given.apiPublicKey,
    privateKey: given.apiPrivateKey,
  })
  if (problem)
    throw invalid(
      problem.key === 'publicKey' ? 'apiPublicKey' : 'apiPrivateKey',
      problem.expected,
    )
  let baseUrl: URL | undefined
  try {
    baseUrl = new URL((given.apiBaseUrl ?? defaultApiBaseUrl) as string)
  } catch {
    baseUrl = undefined
  }
  if (
    typeof (given.apiBaseUrl ?? defaultApiBaseUrl) !== 'string' ||
    !baseUrl ||
    !(
      baseUrl.protocol === 'https:' ||
      (baseUrl.protocol === 'http:' && isLoopback(baseUrl.hostname))
    ) ||
    baseUrl.username ||
    baseUrl.password ||
    baseUrl.search ||
    baseUrl.hash
  )
    throw invalid(
      'apiBaseUrl',
      "the vendor's API URL: https (http only on localhost or 127.0.0.1), without credentials, query or fragment",
    )
  const { appName } = given
  if (
    typeof appName !== 'string' ||
    appName.trim() === '' ||
    appName.length > 128
  )
    throw invalid(
      'appName',
      "your app's name for the vendor's recovery emails: 1 to 128 characters",
    )
  const timeoutMs = given.vendorTimeoutMs ?? defaultVendorTimeoutMs
  if (!isWholeFrom(timeoutMs, 100, 60_000))
    throw invalid(
      'vendorTimeoutMs',
      'a whole number of milliseconds from 100 to 60000',
    )
  if (given.fetch !== undefined && typeof given.fetch !== 'function')
    throw invalid('fetch', 'a fetch function')
  if (given.authorize !== undefined && typeof given.authorize !== 'function')
    throw invalid('authorize', 'a function (request, body, route)')
  if (given.waitUntil !== undefined && typeof given.waitUntil !== 'function')
    throw invalid('waitUntil', "a function that keeps a promise's work alive")
  const floorMs = given.startRecoveryFloorMs ?? defaultStartRecoveryFloorMs
  if (!isWholeFrom(floorMs, 0, 10_000))
    throw invalid(
      'startRecoveryFloorMs',
      'a whole number of milliseconds from 0 to 10000',
    )
  const verificationTokenPublicKey =
    given.verificationTokenPublicKey ?? productionVerificationTokenPublicKey
  if (
    typeof verificationTokenPublicKey !== 'string' ||
    !/^04[0-9a-f]{128}$/i.test(verificationTokenPublicKey)
  )
    throw invalid(
      'verificationTokenPublicKey',
      "the vendor's verification token key: an uncompressed P-256 key, 130 hex characters",
    )
  const oidc = validateOidc(given.oidc)
  return {
    organizationId: given.organizationId as string,
    apiPublicKey: given.apiPublicKey as string,
    apiPrivateKey: given.apiPrivateKey as string,
    baseUrl: baseUrl.href.replace(/\/+$/, ''),
    appName: appName.trim(),
    timeoutMs,
    verificationTokenPublicKey,
    fetch: given.fetch as typeof fetch | undefined,
    authorize: given.authorize as CreatePasskeyBackendParameters['authorize'],
    waitUntil: given.waitUntil as CreatePasskeyBackendParameters['waitUntil'],
    startRecoveryFloorMs: floorMs,
    oidc,
  }
}

/** The `oidc` option, checked: each provider's issuer and client id, and the profile's id. */
function validateOidc(value: unknown): OidcOptions | undefined {
  if (value === undefined) return undefined
  const invalid = (name: string, expected: string) =>
    new InvalidPasskeyBackendParameterError(`oidc${name}`, expected)
  if (typeof value !== 'object' || value === null)
    throw invalid(
      '',
      'an object with providers (the OIDC providers) and sessionProfileId',
    )
  const { providers, sessionProfileId } = value as Record<string, unknown>
  if (!Array.isArray(providers) || providers.length === 0)
    throw invalid(
      '.providers',
      'a list of the OIDC providers, each { issuer, clientId }, at least one',
    )
  const checked = providers.map((provider: unknown, index): OidcProvider => {
    const { issuer, clientId } = (provider ?? {}) as Record<string, unknown>
    if (
      typeof issuer !== 'string' ||
      !isSecureUrl(issuer) ||
      new URL(issuer).search ||
      new URL(issuer).hash
    )
      throw invalid(
        `.providers[${index}].issuer`,
        "the provider's issuer as its ID tokens' `iss` say it: an https URL (http only on localhost or 127.0.0.1), without credentials, query or fragment",
      )
    if (
      typeof clientId !== 'string' ||
      clientId.trim() === '' ||
      clientId.length > 256
    )
      throw invalid(
        `.providers[${index}].clientId`,
        "your app's client id at the provider (its ID tokens' `aud`), 1 to 256 characters",
      )
    return { issuer, clientId }
  })
  const twice = checked.findIndex(
    ({ issuer, clientId }, index) =>
      checked.findIndex(
        (other) => other.issuer === issuer && other.clientId === clientId,
      ) !== index,
  )
  if (twice !== -1)
    throw invalid(
      `.providers[${twice}]`,
      'a provider not given before: each issuer and client id once (one issuer may have several client ids, e.g. your web and iOS apps)',
    )
  if (!isUuid(sessionProfileId))
    throw invalid(
      '.sessionProfileId',
      'the vendor session profile of the sessions an ID token opens, a UUID (ensureSessionProfile answers it)',
    )
  return { providers: checked, sessionProfileId }
}

/**
 * The host backend of passkeyWallet, on your server: sign-up (the user's
 * sub-organization with their passkey, their email and an Ethereum wallet),
 * recovery start (the vendor emails a code) and, with `oidc`, social log-in
 * (an ID token's account, made on first sign-in, and its session key), all
 * signed with your parent organization's API key. The options are checked here: a bad one throws
 * `InvalidPasskeyBackendParameterError` naming it. The handlers never throw;
 * every answer is JSON, and none carries the key (see docs/backend.md).
 */
export function createPasskeyBackend(
  parameters: CreatePasskeyBackendParameters,
): PasskeyBackend {
  const options = validate(parameters)
  const { organizationId, baseUrl, appName, timeoutMs } = options
  const stamper = createApiKeyStamper({
    publicKey: options.apiPublicKey,
    privateKey: options.apiPrivateKey,
  })
  const fetchFn: typeof fetch =
    options.fetch ?? ((...args) => globalThis.fetch(...args))
  // Anything shown or logged is scrubbed of the key pair, whatever echoed it.
  const secrets = [options.apiPrivateKey, options.apiPublicKey].map(
    (hex) => new RegExp(hex, 'gi'),
  )
  const scrub = (text: string) =>
    secrets.reduce(
      (scrubbed, secret) => scrubbed.replace(secret, '[parent API key]'),
      text,
    )

  /**
   * Runs one call with its vendor client, every request on the call's
   * deadline. Past it, a VendorTimeoutError naming the vendor request in
   * flight, or `asked` (the call itself) before any.
   */
  function withVendor<value>(
    asked: string,
    work: (vendor: VendorClient, signal: AbortSignal) => PromiseLike<value>,
  ) {
    return withDeadline(
      timeoutMs,
      (signal) =>
        work(
          createVendorClient({
            baseUrl,
            fetch: async (input, init) => {
              asked = String(input).slice(baseUrl.length)
              let response: Response
              try {
                response = await fetchFn(input, { ...init, signal })
              } catch (cause) {
                // Past the deadline, the deadline's own error.
                if (signal.aborted) throw signal.reason
                throw new VendorUnreachableError({ cause })
              }
              if (response.ok) return response
              // An error whose body breaks off is still the vendor's error
              // (502 with its status), not a bug of the handler's (500).
              const text = await response.text().catch(() => '')
              const { status, statusText, headers } = response
              return new Response(text, { status, statusText, headers })
            },
            // The vendor's words may echo the key: each failure is logged
            // once, by the handler that met it, scrubbed and with its route.
            log: silent,
          }),
          signal,
        ),
      () => new VendorTimeoutError({ path: asked, timeoutMs }),
    )
  }

  function handler(
    route: PasskeyBackendRoute,
    work: (body: unknown, vendor: VendorClient) => Promise<unknown>,
    { floorMs = 0 } = {},
  ): PasskeyBackendHandler {
    const respond = async (request: Request) => {
      // What was still awaited when the deadline passed: the client's body,
      // the host's gate, or the work (the vendor).
      let awaiting = 'body' as 'body' | 'gate' | 'work'
      try {
        // The body, the host's gate and the vendor share one deadline; what
        // comes after it (a late body) does nothing.
        const answer = await withVendor(
          new URL(request.url).pathname,
          async (vendor, signal) => {
            const body = await readJsonBody(request)
            signal.throwIfAborted()
            awaiting = 'gate'
            await authorized(options.authorize, request, body, route)
            signal.throwIfAborted()
            awaiting = 'work'
            return work(body, vendor)
          },
        )
        return jsonAnswer(200, answer)
      } catch (error) {
        if (error instanceof HostAnswer) return error.response
        if (error instanceof VendorTimeoutError && awaiting === 'body')
          return jsonAnswer(408, {
            code: 'request_timeout',
            message: `The request's body did not arrive within ${timeoutMs} ms: send it again.`,
          })
        if (error instanceof VendorTimeoutError && awaiting === 'gate') {
          console.error(
            `${logPrefix} ${route}: authorize did not answer within ${timeoutMs} ms`,
          )
          return jsonAnswer(500, {
            code: 'internal_error',
            message: 'The server failed unexpectedly; its log says why.',
          })
        }
        if (error instanceof Refusal)
          return jsonAnswer(
            error.status,
            { code: error.code, message: scrub(error.message) },
            error.headers,
          )
        if (error instanceof OidcProviderError) {
          console.error(
            `${logPrefix} ${route}: ${scrub(`${error.shortMessage} ${error.details}`)}`,
          )
          return jsonAnswer(502, {
            code: 'oidc_provider_unavailable',
            message:
              'The sign-in provider could not be reached to check the ID token. Try again in a moment.',
          })
        }
        const reason = describeVendorFailure(error, baseUrl)
        if (reason !== undefined) {
          // The vendor's words and address are for the log, not the public.
          console.error(`${logPrefix} ${route}: ${scrub(reason)}`)
          return jsonAnswer(502, {
            code: 'vendor_error',
            message: vendorFailureMessage,
          })
        }
        console.error(
          `${logPrefix} ${route}: unexpected error: ${scrub(String((error as Error)?.stack ?? error))}`,
        )
        return jsonAnswer(500, {
          code: 'internal_error',
          message: 'The server failed unexpectedly; its log says why.',
        })
      }
    }
    return async (request) => {
      const startedAt = Date.now()
      const response = await respond(request)
      // Bad input says nothing about an account; any other answer waits for the floor.
      const left = floorMs - (Date.now() - startedAt)
      if (left > 0 && !badInputStatuses.has(response.status))
        await new Promise((resolve) => setTimeout(resolve, left))
      return response
    }
  }

  const seal = createTokenSeal({
    apiPrivateKey: options.apiPrivateKey,
    organizationId,
  })
  const signUp = handler('sign-up', (body, vendor) =>
    createAccount(body, vendor, {
      organizationId,
      stamper,
      seal,
      verificationTokenPublicKey: options.verificationTokenPublicKey,
    }),
  )

  const emailCodeContext = { organizationId, appName, stamper, seal }
  const sendCode = handler('send-email-code', (body, vendor) =>
    sendEmailCode(body, vendor, emailCodeContext),
  )
  const verifyCode = handler('verify-email-code', (body, vendor) =>
    verifyEmailCode(body, vendor, emailCodeContext),
  )

  const log = (level: 'warn' | 'error', message: string) =>
    (level === 'warn' ? console.warn : console.error)(
      `${logPrefix} start-recovery: ${scrub(message)}`,
    )
  const startRecovery = handler(
    'start-recovery',
    async (body) => {
      const request = parseRecoveryStartRequest(body)
      // After the answer, on a deadline of its own: whether an account has
      // the email shows in neither the answer nor its time.
      const sending = withVendor('start-recovery', (vendor) =>
        sendRecoveryCode(request, vendor, { ...emailCodeContext, log }),
      ).catch((error: unknown) =>
        log(
          'error',
          `no recovery code was sent: ${describeVendorFailure(error, baseUrl) ?? String((error as Error)?.stack ?? error)}`,
        ),
      )
      options.waitUntil?.(sending)
      return recoveryStartAccepted
    },
    { floorMs: options.startRecoveryFloorMs },
  )

  // Without `oidc`, the route is one that does not exist: the same 404 as
  // any unknown path, before the body or `authorize`. A distinct answer
  // (400 `oidc_not_configured`) would tell any caller how this backend is
  // set up, an oracle to no one's benefit; the 404's message names the
  // option, for the developer who meant to configure it.
  const { oidc } = options
  let oidcLogInHandler: PasskeyBackendHandler = async () => notFound()
  if (oidc) {
    // For the backend's life: each issuer's keys, and each person's queue.
    const oidcContext = {
      organizationId,
      stamper,
      sessionProfileId: oidc.sessionProfileId,
      verifyIdToken: createIdTokenVerifier({
        providers: oidc.providers,
        timeoutMs,
      }),
      onePerPerson: createPersonQueues(),
      log: (level: 'warn' | 'error', message: string) =>
        (level === 'warn' ? console.warn : console.error)(
          `${logPrefix} oidc-login: ${scrub(message)}`,
        ),
    }
    oidcLogInHandler = handler('oidc-login', (body, vendor) =>
      oidcLogIn(body, vendor, oidcContext),
    )
  }

  return {
    createSessionProfile: (profile) =>
      withVendor('createSessionProfile', (vendor) =>
        createSessionProfile(vendor, { ...profile, organizationId, stamper }),
      ),
    ensureSessionProfile: (profile) =>
      withVendor('ensureSessionProfile', (vendor) =>
        ensureSessionProfile(vendor, { ...profile, organizationId, stamper }),
      ),
    checkGasSponsorship: (limits) =>
      withVendor('checkGasSponsorship', (vendor) =>
        checkGasSponsorship(vendor, { ...limits, organizationId, stamper }),
      ),
    signUp,
    sendEmailCode: sendCode,
    verifyEmailCode: verifyCode,
    startRecovery,
    oidcLogIn: oidcLogInHandler,
    async fetch(request) {
      let path = ''
      try {
        path = new URL(request.url, 'http://localhost').pathname
      } catch {
        path = ''
      }
      path = path.replace(/\/+$/, '')
      if (path.endsWith('/create-account')) return signUp(request)
      if (path.endsWith('/send-email-code')) return sendCode(request)
      if (path.endsWith('/verify-email-code')) return verifyCode(request)
      if (path.endsWith('/start-recovery')) return startRecovery(request)
      if (path.endsWith('/oidc-login')) return oidcLogInHandler(request)
      return notFound()
    },
  }
}
