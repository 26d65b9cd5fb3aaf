import type { WalletDescriptor } from '../walletRegistry.js'

// Sources: notes/deep-links.md (see walletRegistry.ts).
export const okx = {
  id: 'okx',
  name: 'OKX Wallet',
  rdns: ['com.okex.wallet'],
  injected: { flags: ['isOkxWallet', 'isOKExWallet'], global: ['okxwallet'] },
  walletConnect: { native: 'okex://main/' },
  // The https wrapper opens the app, or its download page when it is missing.
  browse: ({ url }) =>
    `https://web3.okx.com/download?deeplink=${encodeURIComponent(
      `okx://wallet/dapp/url?dappUrl=${url}`,
    )}`,
  installUrl: 'https://web3.okx.com/download',
} as const satisfies WalletDescriptor
