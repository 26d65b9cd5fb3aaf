import type { WalletDescriptor } from '../walletRegistry.js'

// Sources: notes/deep-links.md (see walletRegistry.ts).
export const phantom = {
  id: 'phantom',
  name: 'Phantom',
  rdns: ['app.phantom'],
  injected: { flags: ['isPhantom'], global: ['phantom', 'ethereum'] },
  browse: ({ url, ref }) => `https://phantom.app/ul/browse/${url}?ref=${ref}`,
  installUrl: 'https://phantom.com/download',
} as const satisfies WalletDescriptor
