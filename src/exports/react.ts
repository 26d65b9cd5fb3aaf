// biome-ignore-all lint/performance/noBarrelFile: entrypoint module
// Components and hooks: client code for frameworks that render on the server (Next.js).
'use client'

export { BaseError, type BaseErrorType } from '../core/errors.js'
export {
  receiptConfirmations,
  type WaitForFinalReceiptParameters,
  waitForFinalReceipt,
} from '../core/receipts.js'
export type { PasskeyWalletConnector } from '../passkey/passkeyWallet.js'
export { ExportPanel } from '../react/ExportPanel.js'
export {
  PasskeyWalletNotFoundError,
  type PasskeyWalletNotFoundErrorType,
} from '../react/errors.js'
export type {
  ExportPanelProps,
  RecoveryPanelProps,
} from '../react/panelProps.js'
export { RecoveryPanel } from '../react/RecoveryPanel.js'
export {
  type UseAccountNameParameters,
  type UseAccountNameReturnType,
  useAccountName,
} from '../react/useAccountName.js'
export {
  type EmailVerificationStep,
  type UseEmailVerificationParameters,
  type UseEmailVerificationReturnType,
  useEmailVerification,
} from '../react/useEmailVerification.js'
export {
  type UseExportParameters,
  type UseExportReturnType,
  useExport,
} from '../react/useExport.js'
export { useInjectedWallets } from '../react/useInjectedWallets.js'
export {
  type UseRecoveryParameters,
  type UseRecoveryReturnType,
  useRecovery,
} from '../react/useRecovery.js'
