import type { WalletDescriptor } from '../walletRegistry.js'

// Sources: notes/deep-links.md (see walletRegistry.ts).
export const backpack = {
  id: 'backpack',
  name: 'Backpack',
  rdns: ['app.backpack', 'app.backpack.mobile'],
  injected: { flags: ['isBackpack'], global: ['backpack', 'ethereum'] },
  walletConnect: { native: 'backpack://' },
  installUrl: 'https://backpack.app/download',
} as const satisfies WalletDescriptor
