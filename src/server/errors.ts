import { BaseError } from '../core/errors.js'
import {
  VendorActivityError,
  VendorConsensusNeededError,
  VendorRequestError,
  VendorTimeoutError,
} from '../turnkey/errors.js'

/**
 * Why a handler answers something other than 200: the HTTP status, a stable
 * snake_case `code` and a sentence saying what to fix. Thrown inside the
 * handlers and turned into the JSON answer `{ code, message }`; it never
 * leaves one, so it is an answer in waiting rather than a BaseError.
 */
export class Refusal extends Error {
  readonly status: number
  readonly code: string
  readonly headers: Record<string, string>
  constructor(
    status: number,
    code: string,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'Refusal'
    this.status = status
    this.code = code
    this.headers = headers
  }
}

/** A 400 answer for one field of the body. */
export const badField = (code: string, message: string) =>
  new Refusal(400, code, message)

export type InvalidPasskeyBackendParameterErrorType =
  InvalidPasskeyBackendParameterError & {
    name: 'InvalidPasskeyBackendParameterError'
  }
/**
 * createPasskeyBackend() was given an option it cannot work with. The message
 * names the option and what it expects, never the value given (it may be a key).
 */
export class InvalidPasskeyBackendParameterError extends BaseError {
  override name = 'InvalidPasskeyBackendParameterError'
  static get code() {
    return 'invalid_parameter' as const
  }
  /** The option, e.g. `apiPrivateKey`. */
  readonly parameter: string
  constructor(parameter: string, expected: string) {
    super(
      `createPasskeyBackend: invalid \`${parameter}\`: expected ${expected}.`,
      {
        code: InvalidPasskeyBackendParameterError.code,
        docsPath: 'docs/backend.md',
      },
    )
    this.parameter = parameter
  }
}

/** fetch itself failed on the way to the vendor: DNS, a refused connection, TLS, a redirect. */
export class VendorUnreachableError extends BaseError {
  override name = 'VendorUnreachableError'
  static get code() {
    return 'vendor_unreachable' as const
  }
  constructor({ cause }: { cause: unknown }) {
    super('The vendor could not be reached.', {
      code: VendorUnreachableError.code,
      cause,
      details:
        cause instanceof Error
          ? cause.message
          : String(cause ?? 'fetch failed'),
      docsPath: 'docs/backend.md',
    })
  }
}

/**
 * An OIDC provider's discovery document or keys could not be read: the
 * provider is down, slow, or not the issuer configured. Not the token's
 * fault, so the handler answers 502 and logs this error's details.
 */
export class OidcProviderError extends BaseError {
  override name = 'OidcProviderError'
  static get code() {
    return 'oidc_provider_unavailable' as const
  }
  /** The configured issuer whose documents could not be read. */
  readonly issuer: string
  constructor({
    issuer,
    details,
    cause,
  }: {
    issuer: string
    details: string
    cause?: unknown
  }) {
    super(`The OIDC provider ${issuer} could not be read.`, {
      code: OidcProviderError.code,
      cause,
      details,
      docsPath: 'docs/backend.md',
    })
    this.issuer = issuer
  }
}

/**
 * The host's `authorize` threw or rejected: a bug of the host's, so the
 * handler answers 500 and logs this error, whose cause is the host's.
 */
export class AuthorizeRejectedError extends BaseError {
  override name = 'AuthorizeRejectedError'
  static get code() {
    return 'authorize_rejected' as const
  }
  constructor({ cause }: { cause: unknown }) {
    super(`authorize rejected: ${String((cause as Error)?.message ?? cause)}`, {
      code: AuthorizeRejectedError.code,
      cause,
      docsPath: 'docs/backend.md',
    })
  }
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`

/**
 * A sentence saying what went wrong at the vendor, for the 502 answer and
 * the server log, or undefined when `error` is not a vendor failure (a bug).
 */
export function describeVendorFailure(
  error: unknown,
  baseUrl: string,
): string | undefined {
  if (error instanceof VendorTimeoutError)
    return `The vendor did not answer within ${seconds(error.timeoutMs)} (timeout); whatever it was asked may still happen.`
  if (error instanceof VendorRequestError) {
    // Only a malformed answer is an error with HTTP 200.
    if (error.status === 200)
      return `The vendor's answer was not what it documents: ${error.vendorMessage}.`
    if (error.status === 429)
      return `The vendor is limiting requests (HTTP 429): ${error.vendorMessage}.`
    if (error.vendorCode === undefined)
      return `The vendor failed with HTTP ${error.status} and no JSON error: ${error.vendorMessage}.`
    return `The vendor refused the request (HTTP ${error.status}, code ${error.vendorCode}): ${error.vendorMessage}.`
  }
  if (error instanceof VendorConsensusNeededError)
    return `The vendor holds activity ${error.activityId} until the parent organization's root quorum approves it (consensus needed); nothing was done yet.`
  if (error instanceof VendorActivityError)
    return `The vendor's activity ${error.activityId} ended ${error.activityStatus}, not COMPLETED.`
  if (error instanceof VendorUnreachableError) {
    const code = (error.cause as { cause?: { code?: unknown } } | undefined)
      ?.cause?.code
    return `The vendor could not be reached at ${baseUrl}: ${error.details}${typeof code === 'string' ? ` (${code})` : ''}.`
  }
  return undefined
}
