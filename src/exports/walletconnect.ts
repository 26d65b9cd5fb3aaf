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
