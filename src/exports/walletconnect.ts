// biome-ignore-all lint/performance/noBarrelFile: entrypoint module
export {
  type CaipAccount,
  type CaipChainId,
  type CaipNamespace,
  caipNamespaces,
  type FormatCaipAccountParameters,
  type FormatCaipChainIdParameters,
  formatCaipAccount,
  formatCaipChainId,
  InvalidCaipAccountError,
  type InvalidCaipAccountErrorType,
  InvalidCaipChainIdError,
  type InvalidCaipChainIdErrorType,
  parseCaipAccount,
  parseCaipChainId,
  UnsupportedCaipNamespaceError,
  type UnsupportedCaipNamespaceErrorType,
} from '../core/caip.js'
export {
  ChainNotConfiguredError,
  type ChainNotConfiguredErrorType,
  PublicClientNotFoundError,
  type PublicClientNotFoundErrorType,
  SwitchChainNotSupportedError,
  type SwitchChainNotSupportedErrorType,
  SwitchChainOnlyInWalletError,
  type SwitchChainOnlyInWalletErrorType,
} from '../core/chains.js'
export {
  ConnectionRejectedError,
  type ConnectionRejectedErrorType,
  ProviderNotFoundError,
  type ProviderNotFoundErrorType,
} from '../core/connectionErrors.js'
export { BaseError, type BaseErrorType } from '../core/errors.js'
export { detectPlatform, type Platform } from '../core/platform.js'
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
export {
  IncompleteSessionError,
  type IncompleteSessionErrorType,
  InvalidWalletConnectParameterError,
  type InvalidWalletConnectParameterErrorType,
  PairingAbortedError,
  type PairingAbortedErrorType,
  PairingAttemptsExhaustedError,
  type PairingAttemptsExhaustedErrorType,
  PairingResetError,
  type PairingResetErrorType,
} from '../walletconnect/errors.js'
export { toPairingLinks } from '../walletconnect/links.js'
export {
  type MissingSessionRequirements,
  requiredEvents,
  requiredMethods,
} from '../walletconnect/requirements.js'
export { walletConnectDeepLink } from '../walletconnect/walletConnectDeepLink.js'
export type {
  DeepLinkPreference,
  WalletConnectDeepLinkParameters,
  WalletConnectDeepLinkProperties,
  WalletConnectPairing,
  WalletConnectProvider,
} from '../walletconnect/walletConnectParameters.js'
export {
  backpack,
  bitget,
  brave,
  coinbase,
  exodus,
  metamask,
  okx,
  phantom,
  rabby,
  rainbow,
  trust,
  type WalletDescriptor,
  type WalletId,
  walletRegistry,
  zerion,
} from '../wallets/walletRegistry.js'
