// biome-ignore-all lint/performance/noBarrelFile: entrypoint module
export { BaseError, type BaseErrorType } from '../core/errors/BaseError.js'
export {
  ChainNotConfiguredError,
  type ChainNotConfiguredErrorType,
  PublicClientNotFoundError,
  type PublicClientNotFoundErrorType,
} from '../core/errors/chain.js'
export {
  RequestRefusedError,
  type RequestRefusedErrorType,
  SessionEndedError,
  type SessionEndedErrorType,
} from '../core/errors/connection.js'
export {
  type HostBackendCallback,
  HostBackendError,
  type HostBackendErrorType,
  HostBackendTimeoutError,
  type HostBackendTimeoutErrorType,
} from '../core/errors/hostBackend.js'
export {
  SessionNotFoundError,
  type SessionNotFoundErrorType,
} from '../core/errors/SessionNotFoundError.js'
export { receiptConfirmations } from '../core/receiptConfirmations.js'
export type {
  ExportFlow,
  ExportKind,
  ExportSnapshot,
  ExportStep,
} from '../export/createExportFlow.js'
export {
  ConnectionAbandonedError,
  type ConnectionAbandonedErrorType,
} from '../passkey/ConnectionAbandonedError.js'
export {
  EmailNotVerifiedError,
  type EmailNotVerifiedErrorType,
  EmailTakenError,
  type EmailTakenErrorType,
  InvalidEmailCodeError,
  type InvalidEmailCodeErrorType,
} from '../passkey/emailVerificationErrors.js'
export {
  PasskeyError,
  type PasskeyErrorCode,
  type PasskeyErrorType,
  SignedTransactionMismatchError,
  type SignedTransactionMismatchErrorType,
  SignerMismatchError,
  type SignerMismatchErrorType,
  WebauthnNotSupportedError,
  type WebauthnNotSupportedErrorType,
} from '../passkey/errors.js'
export {
  InvalidPasskeyWalletParameterError,
  type InvalidPasskeyWalletParameterErrorType,
} from '../passkey/InvalidPasskeyWalletParameterError.js'
export {
  type PasskeyProvider,
  type PasskeyWalletConnector,
  type PasskeyWalletConnectParameters,
  type PasskeyWalletParameters,
  type PasskeyWalletProperties,
  passkeyWallet,
} from '../passkey/passkeyWallet.js'
export type { RecoveryCodeFormat } from '../recovery/CodeSender.js'
export type {
  RecoveryFlow,
  RecoverySnapshot,
  RecoveryStep,
} from '../recovery/createRecoveryFlow.js'
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
