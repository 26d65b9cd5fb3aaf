// biome-ignore-all lint/performance/noBarrelFile: entrypoint module

export {
  ChainNotConfiguredError,
  type ChainNotConfiguredErrorType,
  SwitchChainNotSupportedError,
  type SwitchChainNotSupportedErrorType,
  SwitchChainRejectedError,
  type SwitchChainRejectedErrorType,
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
  type AlwaysExcludedWalletId,
  alwaysExcludedWallets,
} from '../injected/discovery.js'
export {
  InAppBrowserNotFoundError,
  type InAppBrowserNotFoundErrorType,
  InvalidInjectedWalletParameterError,
  type InvalidInjectedWalletParameterErrorType,
  RedirectedToWalletError,
  type RedirectedToWalletErrorType,
  WalletTimeoutError,
  type WalletTimeoutErrorType,
} from '../injected/errors.js'
export type {
  AnnouncedProvider,
  InjectedProvider,
  InjectedWalletConnectParameters,
  InjectedWalletParameters,
  InjectedWalletsParameters,
} from '../injected/injectedParameters.js'
export { injectedWallet } from '../injected/injectedWallet.js'
export {
  addInjectedWallets,
  injectedWallets,
} from '../injected/injectedWallets.js'
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
