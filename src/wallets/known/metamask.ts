import type { WalletDescriptor } from '../walletRegistry.js'

// Sources: notes/deep-links.md (see walletRegistry.ts).
export const metamask = {
  id: 'metamask',
  name: 'MetaMask',
  rdns: ['io.metamask', 'io.metamask.mobile'],
  injected: { flags: ['isMetaMask'], spoofed: true },
  walletConnect: {
    native: 'metamask://',
    universal: 'https://metamask.app.link',
  },
  // MetaMask opens a blank tab when the page URL is percent-encoded.
  browse: ({ raw }) => `https://link.metamask.io/dapp/${raw}`,
  installUrl: 'https://metamask.io/download/',
} as const satisfies WalletDescriptor
