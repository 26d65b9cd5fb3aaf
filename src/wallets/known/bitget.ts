import type { WalletDescriptor } from '../walletRegistry.js'

// Sources: notes/deep-links.md (see walletRegistry.ts).
export const bitget = {
  id: 'bitget',
  name: 'Bitget Wallet',
  rdns: ['com.bitget.web3'],
  injected: { flags: ['isBitKeep'], global: ['bitkeep', 'ethereum'] },
  walletConnect: { native: 'bitkeep://' },
  // On Android only the https form works.
  browse: ({ url }) => `https://bkcode.vip?action=dapp&url=${url}`,
  installUrl: 'https://web3.bitget.com/en/wallet-download',
} as const satisfies WalletDescriptor
