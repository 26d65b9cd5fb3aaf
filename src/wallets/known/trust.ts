import type { WalletDescriptor } from '../walletRegistry.js'

// Sources: notes/deep-links.md (see walletRegistry.ts).
export const trust = {
  id: 'trust',
  name: 'Trust Wallet',
  rdns: ['com.trustwallet.app'],
  injected: { flags: ['isTrust', 'isTrustWallet'], global: ['trustwallet'] },
  walletConnect: {
    native: 'trust://',
    universal: 'https://link.trustwallet.com',
  },
  // coin_id is SLIP-44: 60 opens the browser on Ethereum.
  browse: ({ url }) =>
    `https://link.trustwallet.com/open_url?coin_id=60&url=${url}`,
  installUrl: 'https://trustwallet.com/download',
} as const satisfies WalletDescriptor
