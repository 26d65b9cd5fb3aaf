import type { WalletDescriptor } from '../walletRegistry.js'

// Sources: notes/deep-links.md (see walletRegistry.ts).
export const rabby = {
  id: 'rabby',
  name: 'Rabby',
  rdns: ['io.rabby'],
  injected: { flags: ['isRabby'] },
  installUrl: 'https://rabby.io/',
} as const satisfies WalletDescriptor
