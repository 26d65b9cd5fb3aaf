// biome-ignore-all lint/performance/noBarrelFile: entrypoint module
export {
  type CaipNamespace,
  caipNamespaces,
} from '../core/caip/caipNamespaces.js'
export {
  type FormatCaipAccountParameters,
  formatCaipAccount,
} from '../core/caip/formatCaipAccount.js'
export {
  type FormatCaipChainIdParameters,
  formatCaipChainId,
} from '../core/caip/formatCaipChainId.js'
export {
  type CaipAccount,
  parseCaipAccount,
} from '../core/caip/parseCaipAccount.js'
export {
  type CaipChainId,
  parseCaipChainId,
} from '../core/caip/parseCaipChainId.js'
export { detectPlatform, type Platform } from '../core/detectPlatform.js'
export { BaseError, type BaseErrorType } from '../core/errors/BaseError.js'
export {
  InvalidCaipAccountError,
  type InvalidCaipAccountErrorType,
  InvalidCaipChainIdError,
  type InvalidCaipChainIdErrorType,
  UnsupportedCaipNamespaceError,
  type UnsupportedCaipNamespaceErrorType,
} from '../core/errors/caip.js'
export {
  ChainNotConfiguredError,
  type ChainNotConfiguredErrorType,
  SwitchChainOnlyInWalletError,
  type SwitchChainOnlyInWalletErrorType,
  SwitchChainUnavailableError,
  type SwitchChainUnavailableErrorType,
} from '../core/errors/chain.js'
export {
  ConnectionRejectedError,
  type ConnectionRejectedErrorType,
  ProviderNotFoundError,
  type ProviderNotFoundErrorType,
  SessionEndedError,
  type SessionEndedErrorType,
} from '../core/errors/connection.js'
export {
  SessionNotFoundError,
  type SessionNotFoundErrorType,
} from '../core/errors/SessionNotFoundError.js'
export { receiptConfirmations } from '../core/receiptConfirmations.js'
export {
  IncompleteSessionError,
  type IncompleteSessionErrorType,
  PairingAbortedError,
  type PairingAbortedErrorType,
  PairingAttemptsExhaustedError,
  type PairingAttemptsExhaustedErrorType,
  PairingResetError,
  type PairingResetErrorType,
} from '../walletconnect/errors.js'
export {
  type MissingSessionRequirements,
  requiredEvents,
  requiredMethods,
} from '../walletconnect/findMissingRequirements.js'
export {
  InvalidWalletConnectParameterError,
  type InvalidWalletConnectParameterErrorType,
} from '../walletconnect/InvalidWalletConnectParameterError.js'
export {
  type DeepLinkPreference,
  toPairingLinks,
} from '../walletconnect/toPairingLinks.js'
export {
  type WalletConnectDeepLinkParameters,
  type WalletConnectDeepLinkProperties,
  type WalletConnectPairing,
  type WalletConnectProvider,
  walletConnectDeepLink,
} from '../walletconnect/walletConnectDeepLink.js'
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
