import {
  type WalletDescriptor,
  walletRegistry,
} from '../wallets/walletRegistry.js'

// Flags other wallets set beside a copied `isMetaMask` (wagmi's and RainbowKit's lists).
const otherWalletFlags = [
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

const registryFlags: readonly string[] = Object.values(walletRegistry).flatMap(
  (wallet: WalletDescriptor) => wallet.injected?.flags ?? [],
)

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
  return ![...registryFlags, ...otherWalletFlags].some(
    (flag) => !flags.includes(flag) && Boolean(provider[flag]),
  )
}
