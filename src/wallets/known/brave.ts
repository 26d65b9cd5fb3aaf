import type { WalletDescriptor } from '../walletRegistry.js'

// Sources: notes/deep-links.md (see walletRegistry.ts).
export const brave = {
  id: 'brave',
  name: 'Brave Wallet',
  rdns: ['com.brave.wallet'],
  injected: { flags: ['isBraveWallet'] },
  installUrl: 'https://brave.com/download/',
} as const satisfies WalletDescriptor
