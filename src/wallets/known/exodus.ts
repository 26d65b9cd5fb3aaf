import type { WalletDescriptor } from '../walletRegistry.js'

// Sources: notes/deep-links.md (see walletRegistry.ts).
export const exodus = {
  id: 'exodus',
  name: 'Exodus',
  rdns: ['com.exodus.web3-wallet'],
  injected: { flags: ['isExodus'] },
  walletConnect: { native: 'exodus://', universal: 'https://exodus.com/m' },
  installUrl: 'https://www.exodus.com/download/',
} as const satisfies WalletDescriptor
