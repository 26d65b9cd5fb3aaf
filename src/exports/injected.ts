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
  ConnectionRejectedError,
  type ConnectionRejectedErrorType,
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
} from '../injected/discovery.js'
export {
  InAppBrowserNotFoundError,
  type InAppBrowserNotFoundErrorType,
  RedirectedToWalletError,
  type RedirectedToWalletErrorType,
} from '../injected/errors.js'
export {
  InvalidInjectedWalletParameterError,
  type InvalidInjectedWalletParameterErrorType,
  injectedWallet,
} from '../injected/injectedWallet.js'
export {
  addInjectedWallets,
  injectedWallets,
} from '../injected/injectedWallets.js'
export type {
  AnnouncedProvider,
  InjectedProvider,
  InjectedWalletConnectParameters,
  InjectedWalletParameters,
  InjectedWalletsParameters,
} from '../injected/types.js'
export { toBrowseLink } from '../wallets/links.js'
export {
  type BrowsePage,
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
