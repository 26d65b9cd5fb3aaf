import { BaseError } from '../core/errors.js'

// passkeyWallet's errors. The /passkey subpath exports each one (for
// instanceof checks), so this file is in the host's first load: only error
// classes belong here.

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

/** Codes of failed passkey ceremonies, named as WebAuthn libraries name them. */
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

export type SessionProfileMismatchErrorType = SessionProfileMismatchError & {
  name: 'SessionProfileMismatchError'
}
/**
 * The vendor issued the log-in's session key under another session profile
 * than the one asked for, or under none (a key that can do what the passkey
 * can): the key was revoked before it signed anything.
 */
export class SessionProfileMismatchError extends BaseError {
  override name = 'SessionProfileMismatchError'
  static get code() {
    return 'session_profile_mismatch' as const
  }
  constructor({
    expected,
    listed,
  }: {
    expected: string
    /** What the vendor lists the key under; `undefined`: it does not list the key. */
    listed: string | undefined
  }) {
    super(
      'The session key was not issued under the session profile asked for.',
      {
        code: SessionProfileMismatchError.code,
        details:
          listed === undefined
            ? `the vendor does not list the key among the user's keys, asked for under session profile ${expected}`
            : `the vendor lists the key under ${listed}, not session profile ${expected}`,
        docsPath: 'docs/passkey.md#session-profiles',
        metaMessages: [
          'The key was revoked and nothing was signed. Check that `session.profileId` is a session profile of your parent organization.',
        ],
      },
    )
  }
}

export type InvalidPasskeyWalletParameterErrorType =
  InvalidPasskeyWalletParameterError & {
    name: 'InvalidPasskeyWalletParameterError'
  }
/** passkeyWallet() was given an option it cannot work with. */
export class InvalidPasskeyWalletParameterError extends BaseError {
  override name = 'InvalidPasskeyWalletParameterError'
  static get code() {
    return 'invalid_parameter' as const
  }
  constructor(parameter: string, expected: string) {
    super(`passkeyWallet: invalid \`${parameter}\`: expected ${expected}.`, {
      code: InvalidPasskeyWalletParameterError.code,
    })
  }
}

export type EmailNotVerifiedErrorType = EmailNotVerifiedError & {
  name: 'EmailNotVerifiedError'
}
/**
 * A sign-up named an email whose code was not entered: an address becomes
 * an account's recovery address only once its owner proved it.
 */
export class EmailNotVerifiedError extends BaseError {
  override name = 'EmailNotVerifiedError'
  static get code() {
    return 'email_not_verified' as const
  }
  constructor({ email }: { email: string }) {
    super('Confirm your email with the code we sent before signing up.', {
      code: EmailNotVerifiedError.code,
      details: `no confirmed code for ${email} on this page`,
      metaMessages: [
        'Call connector.sendEmailCode(email), then connector.confirmEmailCode(code) (or use useEmailVerification from wagmi-connector-pack/react), then connect({ signUp: { userName, email } }) with the same email; or sign up without an email (no email recovery).',
      ],
      docsPath: 'docs/passkey.md#sign-up-with-a-verified-email',
    })
  }
}

export type EmailTakenErrorType = EmailTakenError & { name: 'EmailTakenError' }
/** The verified email already belongs to an account: recover it instead. */
export class EmailTakenError extends BaseError {
  override name = 'EmailTakenError'
  static get code() {
    return 'email_taken' as const
  }
  constructor({ email, cause }: { email: string; cause?: unknown }) {
    super(
      'This email already has an account. Recover it instead of signing up again.',
      {
        code: EmailTakenError.code,
        cause,
        details: `${email} already recovers an account`,
        docsPath: 'docs/passkey.md#sign-up-with-a-verified-email',
      },
    )
  }
}

export type SponsorshipRefusedErrorType = SponsorshipRefusedError & {
  name: 'SponsorshipRefusedError'
}
/**
 * The vendor refused to have the app's Gas Station pay for a batch of calls
 * (sponsorship is off, or its spending limit is reached). Nothing was sent,
 * and nothing is sent at the user's cost instead.
 */
export class SponsorshipRefusedError extends BaseError {
  override name = 'SponsorshipRefusedError'
  static get code() {
    return 'sponsorship_refused' as const
  }
  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super('The app cannot pay the fee for this transaction now.', {
      code: SponsorshipRefusedError.code,
      details: reason,
      cause,
      docsPath: 'docs/calls.md#sponsorship',
      metaMessages: [
        'Nothing was sent. Try again later, or pay the fee from your own account if the app offers it.',
      ],
    })
  }
}

export type TransactionNotSentErrorType = TransactionNotSentError & {
  name: 'TransactionNotSentError'
}
/**
 * The vendor, asked to send a transaction, did not broadcast it: its
 * simulation reverted, the chain refused it, or it named none in time.
 */
export class TransactionNotSentError extends BaseError {
  override name = 'TransactionNotSentError'
  static get code() {
    return 'transaction_not_sent' as const
  }
  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super('The transaction was not sent.', {
      code: TransactionNotSentError.code,
      details: reason,
      cause,
      docsPath: 'docs/passkey.md#sign-up-log-in-sign',
      metaMessages: [
        'Check what the transaction does (the reason above), then try again.',
      ],
    })
  }
}

export type AmbiguousPasskeyErrorType = AmbiguousPasskeyError & {
  name: 'AmbiguousPasskeyError'
}
/**
 * The vendor finds the passkey's credential id on more than one account, so
 * it cannot tell whose log-in this is. A credential id is public: a stranger
 * can register it on an account of his own. Recovery adds a new passkey,
 * with an id of its own.
 */
export class AmbiguousPasskeyError extends BaseError {
  override name = 'AmbiguousPasskeyError'
  static get code() {
    return 'ambiguous_passkey' as const
  }
  constructor({ cause }: { cause?: unknown } = {}) {
    super('This passkey is registered to more than one account.', {
      code: AmbiguousPasskeyError.code,
      cause,
      docsPath: 'docs/passkey.md#sign-up-log-in-sign',
      metaMessages: [
        'Recover your account by email: recovery adds a new passkey that is yours alone.',
      ],
    })
  }
}
