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
export { addInjectedWallets } from '../injected/addInjectedWallets.js'
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
export { type BrowsePage, toBrowseLink } from '../wallets/toBrowseLink.js'
export {
  type WalletDescriptor,
  type WalletId,
  walletRegistry,
} from '../wallets/walletRegistry.js'
