import type { WalletDescriptor } from '../walletRegistry.js'

// Sources: notes/deep-links.md (see walletRegistry.ts).
export const zerion = {
  id: 'zerion',
  name: 'Zerion',
  rdns: ['io.zerion.wallet'],
  injected: { flags: ['isZerion'], global: ['zerionWallet'] },
  walletConnect: { native: 'zerion://' },
  installUrl: 'https://zerion.io/download',
} as const satisfies WalletDescriptor
