/** What the pack knows of a wallet; an unknown link stays absent rather than guessed. */
export type WalletDescriptor = {
  id: string
  name: string
  /** EIP-6963 reverse DNS names. */
  rdns?: readonly string[] | undefined
  /** WalletConnect pairing: `native` is the app's scheme base (`trust://`), `universal` an https base. */
  walletConnect?:
    | { native?: string | undefined; universal?: string | undefined }
    | undefined
}

// Pairing bases from notes/deep-links.md §2 (library-sourced; none is vendor-documented).
export const walletRegistry = {
  metamask: {
    id: 'metamask',
    name: 'MetaMask',
    rdns: ['io.metamask', 'io.metamask.mobile'],
    walletConnect: {
      native: 'metamask://',
      universal: 'https://metamask.app.link',
    },
  },
  trust: {
    id: 'trust',
    name: 'Trust Wallet',
    rdns: ['com.trustwallet.app'],
    walletConnect: {
      native: 'trust://',
      universal: 'https://link.trustwallet.com',
    },
  },
  rainbow: {
    id: 'rainbow',
    name: 'Rainbow',
    rdns: ['me.rainbow'],
    walletConnect: { native: 'rainbow://', universal: 'https://rnbwapp.com' },
  },
  zerion: {
    id: 'zerion',
    name: 'Zerion',
    rdns: ['io.zerion.wallet'],
    walletConnect: { native: 'zerion://' },
  },
  okx: {
    id: 'okx',
    name: 'OKX Wallet',
    rdns: ['com.okex.wallet'],
    walletConnect: { native: 'okex://main/' },
  },
  bitget: {
    id: 'bitget',
    name: 'Bitget Wallet',
    rdns: ['com.bitget.web3'],
    walletConnect: { native: 'bitkeep://' },
  },
  exodus: {
    id: 'exodus',
    name: 'Exodus',
    rdns: ['com.exodus.web3-wallet'],
    walletConnect: { native: 'exodus://', universal: 'https://exodus.com/m' },
  },
  backpack: {
    id: 'backpack',
    name: 'Backpack',
    rdns: ['app.backpack'],
    walletConnect: { native: 'backpack://' },
  },
  // The sandbox's own wallet (sandbox/wallet), so links are testable end to end.
  sandbox: {
    id: 'sandbox',
    name: 'Sandbox Wallet',
    walletConnect: {
      native: 'sandboxwallet://',
      universal: 'https://wallet.sandbox.localhost/app',
    },
  },
} as const satisfies Record<string, WalletDescriptor>

export type WalletId = keyof typeof walletRegistry
