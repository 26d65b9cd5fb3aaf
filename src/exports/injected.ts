// biome-ignore-all lint/performance/noBarrelFile: entrypoint module
export { detectPlatform, type Platform } from '../core/detectPlatform.js'
export { BaseError, type BaseErrorType } from '../core/errors/BaseError.js'
export {
  ChainNotConfiguredError,
  type ChainNotConfiguredErrorType,
  SwitchChainNotSupportedError,
  type SwitchChainNotSupportedErrorType,
  SwitchChainRejectedError,
  type SwitchChainRejectedErrorType,
} from '../core/errors/chain.js'
export {
  ProviderNotFoundError,
  type ProviderNotFoundErrorType,
} from '../core/errors/connection.js'
export {
  SessionNotFoundError,
  type SessionNotFoundErrorType,
} from '../core/errors/SessionNotFoundError.js'
export { receiptConfirmations } from '../core/receiptConfirmations.js'
export {
  type AlwaysExcludedWalletId,
  alwaysExcludedWallets,
} from '../injected/alwaysExcludedWallets.js'
export type {
  AnnouncedProvider,
  InjectedProvider,
} from '../injected/eip1193.js'
export {
  InAppBrowserNotFoundError,
  type InAppBrowserNotFoundErrorType,
  RedirectedToWalletError,
  type RedirectedToWalletErrorType,
} from '../injected/errors.js'
export {
  InvalidInjectedWalletParameterError,
  type InvalidInjectedWalletParameterErrorType,
} from '../injected/InvalidInjectedWalletParameterError.js'
export {
  type InjectedWalletConnectParameters,
  type InjectedWalletParameters,
  injectedWallet,
} from '../injected/injectedWallet.js'
export {
  type InjectedWalletsParameters,
  injectedWallets,
} from '../injected/injectedWallets.js'
export { type BrowsePage, toBrowseLink } from '../wallets/toBrowseLink.js'
export {
  type WalletDescriptor,
  type WalletId,
  walletRegistry,
} from '../wallets/walletRegistry.js'
