import { BaseError } from '../core/errors/BaseError.js'

export type WebauthnNotSupportedErrorType = WebauthnNotSupportedError & {
  name: 'WebauthnNotSupportedError'
}
/** The browser has no WebAuthn (or the page is not a secure context). */
export class WebauthnNotSupportedError extends BaseError {
  override name = 'WebauthnNotSupportedError'
  static readonly code = 'webauthn_not_supported'
  constructor() {
    super('Webauthn is not supported on this device', {
      code: WebauthnNotSupportedError.code,
      metaMessages: [
        'Passkeys need a browser with WebAuthn on an https:// page (or http://localhost).',
      ],
    })
  }
}

/** Codes of failed passkey ceremonies (SPEC §8), named as WebAuthn libraries name them. */
export type PasskeyErrorCode =
  | 'ERROR_CEREMONY_ABORTED'
  | 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'
  | 'ERROR_INVALID_DOMAIN'
  | 'ERROR_INVALID_RP_ID'
  | 'ERROR_INVALID_USER_ID_LENGTH'
  | 'ERROR_MALFORMED_PUBKEYCREDPARAMS'
  | 'ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG'
  | 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT'
  | 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT'
  | 'ERROR_AUTHENTICATOR_GENERAL_ERROR'
  | 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY'

export type PasskeyErrorType = PasskeyError & { name: 'PasskeyError' }
/** A passkey prompt failed; `code` says why. A cancel is wrapped in viem's UserRejectedRequestError. */
export class PasskeyError extends BaseError {
  override name = 'PasskeyError'
  override readonly code: PasskeyErrorCode
  constructor(
    code: PasskeyErrorCode,
    message: string,
    { cause }: { cause?: unknown } = {},
  ) {
    super(message, { code, cause })
    this.code = code
  }
}

export type VendorRequestErrorType = VendorRequestError & {
  name: 'VendorRequestError'
}
/** The vendor answered an error: its code, message and details are kept as they came. */
export class VendorRequestError extends BaseError {
  override name = 'VendorRequestError'
  readonly status: number
  readonly vendorCode: number | undefined
  readonly vendorMessage: string
  readonly vendorDetails: unknown[] | undefined
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
        : `${status} ${statusText}`.trim()
    const vendorCode =
      typeof parsed?.code === 'number' ? parsed.code : undefined
    const vendorDetails = Array.isArray(parsed?.details)
      ? parsed.details
      : undefined
    super(vendorMessage, {
      code: vendorCode ?? status,
      details:
        vendorDetails && vendorDetails.length > 0
          ? JSON.stringify(vendorDetails)
          : undefined,
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
  static readonly code = 'consensus_needed'
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
  static readonly code = 'activity_not_completed'
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

export type InvalidPasskeyWalletParameterErrorType =
  InvalidPasskeyWalletParameterError & {
    name: 'InvalidPasskeyWalletParameterError'
  }
/** passkeyWallet() was given an option it cannot work with. */
export class InvalidPasskeyWalletParameterError extends BaseError {
  override name = 'InvalidPasskeyWalletParameterError'
  static readonly code = 'invalid_parameter'
  constructor(parameter: string, expected: string) {
    super(`passkeyWallet: invalid \`${parameter}\`: expected ${expected}.`, {
      code: InvalidPasskeyWalletParameterError.code,
    })
  }
}
