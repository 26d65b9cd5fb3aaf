import { BaseError } from '../core/errors.js'
import {
  VendorActivityError,
  VendorConsensusNeededError,
  VendorRequestError,
} from '../turnkey/errors.js'

/**
 * Why a handler answers something other than 200: the HTTP status, a stable
 * snake_case `code` and a sentence saying what to fix. Thrown inside the
 * handlers and turned into the JSON answer `{ code, message }`.
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

/** The vendor did not answer before the handler's deadline. */
export class VendorTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`vendor did not answer within ${timeoutMs} ms`)
    this.name = 'VendorTimeout'
  }
}

/** fetch itself failed: DNS, a refused connection, TLS, a redirect. */
export class VendorUnreachable extends Error {
  constructor(override readonly cause: unknown) {
    super(
      cause instanceof Error ? cause.message : String(cause ?? 'fetch failed'),
    )
    this.name = 'VendorUnreachable'
  }
}

/** The vendor answered 200 without what the activity or query returns. */
export class UnexpectedVendorAnswer extends Error {
  constructor(what: string) {
    super(what)
    this.name = 'UnexpectedVendorAnswer'
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
  if (error instanceof VendorTimeout)
    return `The vendor did not answer within ${seconds(error.timeoutMs)} (timeout); whatever it was asked may still happen.`
  if (error instanceof VendorRequestError) {
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
  if (error instanceof UnexpectedVendorAnswer)
    return `The vendor's answer was not what it documents: ${error.message}.`
  if (error instanceof VendorUnreachable) {
    const code = (error.cause as { cause?: { code?: unknown } } | undefined)
      ?.cause?.code
    return `The vendor could not be reached at ${baseUrl}: ${error.message}${typeof code === 'string' ? ` (${code})` : ''}.`
  }
  return undefined
}
