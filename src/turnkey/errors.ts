import { BaseError } from '../core/errors.js'

export type VendorRequestErrorType = VendorRequestError & {
  name: 'VendorRequestError'
}
/**
 * The vendor answered an error: its code, message and details are kept as
 * they came, apart from the HTTP status (`status`: HTTP; `vendorCode`: the
 * vendor's gRPC code, when it gave one).
 */
export class VendorRequestError extends BaseError {
  override name = 'VendorRequestError'
  static get code() {
    return 'vendor_request_failed' as const
  }
  readonly status: number
  readonly vendorCode: number | undefined
  readonly vendorMessage: string
  readonly vendorDetails: unknown
  constructor({
    status,
    statusText,
    body,
  }: {
    status: number
    statusText: string
    body: unknown
  }) {
    const parsed = body as
      | { code?: unknown; message?: unknown; details?: unknown }
      | undefined
    const vendorMessage =
      typeof parsed?.message === 'string'
        ? parsed.message
        : statusText.trim() || String(status)
    const vendorCode =
      typeof parsed?.code === 'number' ? parsed.code : undefined
    // Kept whatever their shape: the vendor's details, when it gives any, are
    // for whoever reads the error.
    const vendorDetails = parsed?.details ?? undefined
    super(vendorMessage, {
      code: VendorRequestError.code,
      details:
        vendorDetails === undefined ||
        (Array.isArray(vendorDetails) && vendorDetails.length === 0)
          ? undefined
          : typeof vendorDetails === 'string'
            ? vendorDetails
            : JSON.stringify(vendorDetails),
    })
    this.status = status
    this.vendorCode = vendorCode
    this.vendorMessage = vendorMessage
    this.vendorDetails = vendorDetails
  }
}

/**
 * The vendor answered 200 without what the activity or query returns: the
 * error the vendor client throws for a malformed answer, so both are told alike.
 */
export const unexpectedVendorAnswer = (what: string) =>
  new VendorRequestError({ status: 200, statusText: what, body: undefined })

export type VendorTimeoutErrorType = VendorTimeoutError & {
  name: 'VendorTimeoutError'
}
/** The vendor's API did not answer a request within the deadline (`vendorTimeoutMs`). */
export class VendorTimeoutError extends BaseError {
  override name = 'VendorTimeoutError'
  static get code() {
    return 'vendor_timeout' as const
  }
  /** The request that got no answer, as `POST /public/v1/…`. */
  readonly request: string
  readonly timeoutMs: number
  constructor({ path, timeoutMs }: { path: string; timeoutMs: number }) {
    super('The wallet service did not answer in time. Please try again.', {
      code: VendorTimeoutError.code,
      details: `POST ${path}: no answer within ${timeoutMs} ms`,
      metaMessages: [
        'The request was cancelled here; whatever the vendor had received may still happen. Raise `vendorTimeoutMs` (passkeyWallet, createPasskeyBackend) if the vendor is slow where your users are.',
      ],
      docsPath: 'docs/passkey.md#deadlines',
    })
    this.request = `POST ${path}`
    this.timeoutMs = timeoutMs
  }
}

export type VendorConsensusNeededErrorType = VendorConsensusNeededError & {
  name: 'VendorConsensusNeededError'
}
/** The organization's root quorum must approve the activity before it runs. */
export class VendorConsensusNeededError extends BaseError {
  override name = 'VendorConsensusNeededError'
  static get code() {
    return 'consensus_needed' as const
  }
  readonly activityId: string
  constructor({ activityId }: { activityId: string }) {
    super('Activity requires consensus', {
      code: VendorConsensusNeededError.code,
      details: `activity ${activityId}`,
      metaMessages: [
        'Another root user of the organization must approve it; the request was not carried out.',
      ],
    })
    this.activityId = activityId
  }
}

export type VendorActivityErrorType = VendorActivityError & {
  name: 'VendorActivityError'
}
/** The activity ended (or stayed) in a status other than completed. */
export class VendorActivityError extends BaseError {
  override name = 'VendorActivityError'
  static get code() {
    return 'activity_not_completed' as const
  }
  readonly activityId: string
  readonly activityStatus: string
  constructor({
    activityId,
    status,
  }: {
    activityId: string
    status: string
  }) {
    super('Expected COMPLETED status', {
      code: VendorActivityError.code,
      details: `activity ${activityId} is ${status}`,
    })
    this.activityId = activityId
    this.activityStatus = status
  }
}

/** The gRPC status codes the vendor's schemas carry in `rpcStatus.code`, by the names the pack reads. */
export const grpcCode = {
  invalidArgument: 3,
  notFound: 5,
  permissionDenied: 7,
  resourceExhausted: 8,
  failedPrecondition: 9,
  unauthenticated: 16,
} as const
