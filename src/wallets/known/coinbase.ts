import type { WalletDescriptor } from '../walletRegistry.js'

// Sources: notes/deep-links.md (see walletRegistry.ts).
export const coinbase = {
  id: 'coinbase',
  name: 'Coinbase Wallet',
  rdns: ['com.coinbase.wallet'],
  injected: {
    flags: ['isCoinbaseWallet'],
    global: ['coinbaseWalletExtension'],
  },
  browse: ({ url }) => `https://go.cb-w.com/dapp?cb_url=${url}`,
  installUrl: 'https://www.coinbase.com/wallet/downloads',
} as const satisfies WalletDescriptor
