import { BaseError } from '../core/errors.js'

export type WebauthnNotSupportedErrorType = WebauthnNotSupportedError & {
  name: 'WebauthnNotSupportedError'
}
/** The browser has no WebAuthn (or the page is not a secure context). */
export class WebauthnNotSupportedError extends BaseError {
  override name = 'WebauthnNotSupportedError'
  static get code() {
    return 'webauthn_not_supported' as const
  }
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

export type SignerMismatchErrorType = SignerMismatchError & {
  name: 'SignerMismatchError'
}
/**
 * The vendor answered a signature (or a signed transaction) that is not by
 * the connected account: it is not passed on, whatever the vendor says.
 */
export class SignerMismatchError extends BaseError {
  override name = 'SignerMismatchError'
  static get code() {
    return 'signer_mismatch' as const
  }
  constructor({
    what,
    expected,
    signer,
  }: {
    what: 'signature' | 'transaction'
    expected: string
    signer: string
  }) {
    super('The wallet returned a signature from another account.', {
      code: SignerMismatchError.code,
      details: `the ${what} recovers to ${signer}, not the connected ${expected}`,
      metaMessages: [
        'Nothing was passed on or sent. Disconnect and connect again; if it happens again, the wallet service is misbehaving.',
      ],
    })
  }
}

export type SignedTransactionMismatchErrorType =
  SignedTransactionMismatchError & {
    name: 'SignedTransactionMismatchError'
  }
/**
 * The vendor answered a transaction signed by the connected account that is
 * not the one asked for (another recipient, value, data, nonce, fee or
 * chain): it is not passed on, and nothing is sent.
 */
export class SignedTransactionMismatchError extends BaseError {
  override name = 'SignedTransactionMismatchError'
  static get code() {
    return 'signed_transaction_mismatch' as const
  }
  constructor() {
    super('The wallet signed another transaction than the one asked for.', {
      code: SignedTransactionMismatchError.code,
      details:
        'the signed transaction differs from the transaction asked for, with the same signature',
      metaMessages: [
        'Nothing was sent. Disconnect and connect again; if it happens again, the wallet service is misbehaving.',
      ],
    })
  }
}
