import { BaseError } from '../core/errors/BaseError.js'

export type VendorRequestErrorType = VendorRequestError & {
  name: 'VendorRequestError'
}
/** The vendor answered an error: its code, message and details are kept as they came. */
export class VendorRequestError extends BaseError {
  override name = 'VendorRequestError'
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
    // Kept whatever their shape (SPEC §8: "with details if present").
    const vendorDetails = parsed?.details ?? undefined
    super(vendorMessage, {
      code: vendorCode ?? status,
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
