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
  SwitchChainOnlyInWalletError,
  type SwitchChainOnlyInWalletErrorType,
  SwitchChainUnavailableError,
  type SwitchChainUnavailableErrorType,
} from '../core/chains.js'
export {
  ConnectionRejectedError,
  type ConnectionRejectedErrorType,
  ProviderNotFoundError,
  type ProviderNotFoundErrorType,
  SessionEndedError,
  type SessionEndedErrorType,
} from '../core/connectionErrors.js'
export {
  BaseError,
  type BaseErrorType,
  SessionNotFoundError,
  type SessionNotFoundErrorType,
} from '../core/errors.js'
export { detectPlatform, type Platform } from '../core/platform.js'
export {
  receiptConfirmations,
  type WaitForFinalReceiptParameters,
  waitForFinalReceipt,
} from '../core/receipts.js'
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
export type {
  DeepLinkPreference,
  WalletConnectDeepLinkParameters,
  WalletConnectDeepLinkProperties,
  WalletConnectPairing,
  WalletConnectProvider,
} from '../walletconnect/types.js'
export { walletConnectDeepLink } from '../walletconnect/walletConnectDeepLink.js'
export { backpack } from '../wallets/known/backpack.js'
export { bitget } from '../wallets/known/bitget.js'
export { brave } from '../wallets/known/brave.js'
export { coinbase } from '../wallets/known/coinbase.js'
export { exodus } from '../wallets/known/exodus.js'
export { metamask } from '../wallets/known/metamask.js'
export { okx } from '../wallets/known/okx.js'
export { phantom } from '../wallets/known/phantom.js'
export { rabby } from '../wallets/known/rabby.js'
export { rainbow } from '../wallets/known/rainbow.js'
export { trust } from '../wallets/known/trust.js'
export { zerion } from '../wallets/known/zerion.js'
export {
  type WalletDescriptor,
  type WalletId,
  walletRegistry,
} from '../wallets/walletRegistry.js'
