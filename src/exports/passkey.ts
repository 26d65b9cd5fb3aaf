// biome-ignore-all lint/performance/noBarrelFile: entrypoint module

export {
  ChainNotConfiguredError,
  type ChainNotConfiguredErrorType,
  PublicClientNotFoundError,
  type PublicClientNotFoundErrorType,
} from '../core/chains.js'
export {
  RequestRefusedError,
  type RequestRefusedErrorType,
} from '../core/connectionErrors.js'
export {
  LookalikeEmailError,
  type LookalikeEmailErrorType,
} from '../core/email.js'
export {
  InvalidEmailCodeError,
  type InvalidEmailCodeErrorType,
} from '../core/emailCode.js'
export { BaseError, type BaseErrorType } from '../core/errors.js'
export {
  type HostBackendCallback,
  HostBackendError,
  type HostBackendErrorType,
  HostBackendTimeoutError,
  type HostBackendTimeoutErrorType,
} from '../core/hostBackend.js'
export {
  receiptConfirmations,
  type WaitForFinalReceiptParameters,
  waitForFinalReceipt,
} from '../core/receipts.js'
export {
  SessionNotFoundError,
  type SessionNotFoundErrorType,
  type SessionNotFoundReason,
} from '../core/sessionNotFound.js'
export type {
  ExportFlow,
  ExportKind,
  ExportSnapshot,
  ExportStep,
} from '../export/exportFlow.js'
export {
  AmbiguousPasskeyError,
  type AmbiguousPasskeyErrorType,
  EmailNotVerifiedError,
  type EmailNotVerifiedErrorType,
  EmailTakenError,
  type EmailTakenErrorType,
  InvalidPasskeyWalletParameterError,
  type InvalidPasskeyWalletParameterErrorType,
  PasskeyError,
  type PasskeyErrorCode,
  type PasskeyErrorType,
  SessionProfileMismatchError,
  type SessionProfileMismatchErrorType,
  SignedTransactionMismatchError,
  type SignedTransactionMismatchErrorType,
  SignerMismatchError,
  type SignerMismatchErrorType,
  SponsorshipRefusedError,
  type SponsorshipRefusedErrorType,
  TransactionNotSentError,
  type TransactionNotSentErrorType,
  WebauthnNotSupportedError,
  type WebauthnNotSupportedErrorType,
} from '../passkey/errors.js'
export type { Sponsorship } from '../passkey/passkeyParameters.js'
export {
  type PasskeyProvider,
  type PasskeyWalletConnector,
  type PasskeyWalletConnectParameters,
  type PasskeyWalletParameters,
  type PasskeyWalletProperties,
  passkeyWallet,
} from '../passkey/passkeyWallet.js'
export type { RecoveryCodeFormat } from '../recovery/recoveryCode.js'
export type {
  RecoveryFlow,
  RecoverySnapshot,
  RecoveryStep,
} from '../recovery/recoveryFlow.js'
export type { RecoveryState } from '../recovery/recoveryState.js'
export {
  VendorActivityError,
  type VendorActivityErrorType,
  VendorConsensusNeededError,
  type VendorConsensusNeededErrorType,
  VendorRequestError,
  type VendorRequestErrorType,
  VendorTimeoutError,
  type VendorTimeoutErrorType,
} from '../turnkey/errors.js'
export type {
  CreateAccountAnswer,
  CreateAccountRequest,
  RecoveryStartAnswer,
  RecoveryStartRequest,
  RecoveryType,
  SendEmailCodeAnswer,
  SendEmailCodeRequest,
  VendorAttestation,
  VerifyEmailCodeAnswer,
  VerifyEmailCodeRequest,
} from '../turnkey/hostBackendContract.js'
