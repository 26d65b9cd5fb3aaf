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
  SessionNotFoundError,
  type SessionNotFoundErrorType,
} from '../core/errors/connection.js'
export type { VendorAttestation } from '../passkey/createPasskey.js'
export {
  InvalidPasskeyWalletParameterError,
  type InvalidPasskeyWalletParameterErrorType,
  PasskeyError,
  type PasskeyErrorCode,
  type PasskeyErrorType,
  VendorActivityError,
  type VendorActivityErrorType,
  VendorConsensusNeededError,
  type VendorConsensusNeededErrorType,
  VendorRequestError,
  type VendorRequestErrorType,
  WebauthnNotSupportedError,
  type WebauthnNotSupportedErrorType,
} from '../passkey/errors.js'
export {
  type CreateAccountRequest,
  type PasskeyWalletConnectParameters,
  type PasskeyWalletParameters,
  passkeyWallet,
} from '../passkey/passkeyWallet.js'
export type {
  ExportFlow,
  ExportKind,
  ExportSnapshot,
  ExportStep,
} from '../recovery/createExportFlow.js'
export type {
  RecoveryFlow,
  RecoverySnapshot,
  RecoveryStartRequest,
  RecoveryStep,
} from '../recovery/createRecoveryFlow.js'
export {
  InvalidRecoveryCodeError,
  type InvalidRecoveryCodeErrorType,
  RecoveryNotConfiguredError,
  type RecoveryNotConfiguredErrorType,
  RecoveryStepError,
  type RecoveryStepErrorType,
} from '../recovery/errors.js'
export type { RecoveryState, RecoveryType } from '../recovery/recoveryState.js'
