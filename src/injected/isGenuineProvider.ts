import type { WalletDescriptor } from '../wallets/walletRegistry.js'

/**
 * Wallets' own flags, which give away an impostor beside a copied one (a
 * wallet's own flags never count against it): the registry's
 * (kept here so checking a provider loads no registry; a test keeps them in
 * step) and wagmi's and RainbowKit's lists.
 */
export const otherWalletFlags = [
  'isMetaMask',
  'isCoinbaseWallet',
  'isPhantom',
  'isTrust',
  'isTrustWallet',
  'isOkxWallet',
  'isOKExWallet',
  'isBitKeep',
  'isRainbow',
  'isZerion',
  'isRabby',
  'isExodus',
  'isBraveWallet',
  'isBackpack',
  'isApexWallet',
  'isAvalanche',
  'isBifrost',
  'isBinance',
  'isBitski',
  'isBlockWallet',
  'isCoin98',
  'isCTRL',
  'isDawn',
  'isEnkrypt',
  'isFrame',
  'isFrontier',
  'isGamestop',
  'isHyperPay',
  'isImToken',
  'isKuCoinWallet',
  'isMathWallet',
  'isMEWwallet',
  'isNestWallet',
  'isOneInchAndroidWallet',
  'isOneInchIOSWallet',
  'isOpera',
  'isPortal',
  'isSafeheron',
  'isSafePal',
  'isStatus',
  'isTalisman',
  'isTally',
  'isTokenary',
  'isTokenPocket',
  'isUniswapWallet',
  'isWigwam',
  'isxPortal',
  'isZeal',
  'isZilPay',
  '__seif',
]

/**
 * Whether a legacy provider is the wallet's own: it carries one of the
 * wallet's flags and, for a flag others copy (`isMetaMask`), no other
 * wallet's flag beside it.
 */
export function isGenuineProvider(
  provider: Record<string, unknown>,
  wallet: WalletDescriptor,
): boolean {
  const flags = wallet.injected?.flags ?? []
  if (!flags.some((flag) => provider[flag] === true)) return false
  if (!wallet.injected?.spoofed) return true
  return !otherWalletFlags.some(
    (flag) => !flags.includes(flag) && Boolean(provider[flag]),
  )
}
