import type { WalletDescriptor } from '../walletRegistry.js'

// Sources: notes/deep-links.md (see walletRegistry.ts).
export const rainbow = {
  id: 'rainbow',
  name: 'Rainbow',
  rdns: ['me.rainbow'],
  injected: { flags: ['isRainbow'], global: ['rainbow'] },
  walletConnect: { native: 'rainbow://', universal: 'https://rnbwapp.com' },
  browse: ({ url }) => `https://rnbwapp.com/dapp?url=${url}`,
  installUrl: 'https://rainbow.me/download',
} as const satisfies WalletDescriptor
