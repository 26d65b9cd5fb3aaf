/** The page to open, in the forms wallets' templates ask for. */
export type BrowsePage = {
  /** `encodeURIComponent` of the whole URL. */
  url: string
  /** Host, path, query and fragment: no scheme, not encoded further. */
  raw: string
  /** `encodeURIComponent` of the origin. */
  ref: string
}

/** What the pack knows of a wallet; an unknown link stays absent rather than guessed. */
export type WalletDescriptor = {
  id: string
  name: string
  /** EIP-6963 reverse DNS names. */
  rdns?: readonly string[] | undefined
  /** A data URI, as EIP-6963 announces it. */
  icon?: string | undefined
  /** How its legacy provider (before EIP-6963) shows itself. */
  injected?:
    | {
        /** Flags its provider sets, e.g. `isRabby`; any one of them is enough. */
        flags: readonly string[]
        /** Where it also puts its provider, e.g. `['phantom', 'ethereum']` for `window.phantom.ethereum`. */
        global?: readonly string[] | undefined
        /** Other wallets copy the flag too: trusted only without another wallet's flag beside it (the registry's, `isMetaMask` included, and others' known flags). */
        spoofed?: boolean | undefined
      }
    | undefined
  /** WalletConnect pairing: `native` is the app's scheme base (`trust://`), `universal` an https base. */
  walletConnect?:
    | { native?: string | undefined; universal?: string | undefined }
    | undefined
  /** The link that opens a page inside the wallet app's own browser. */
  browse?: ((page: BrowsePage) => string) | undefined
  /** Where a desktop user gets the wallet. */
  installUrl?: string | undefined
}

// Each descriptor is exported on its own, and nothing in this module runs on
// load, so a page carries only the descriptors it imports (bundlers drop the
// unused named exports). For the same reason `walletIds` and
// `registryIdByRdns` are written out rather than derived from
// `walletRegistry`: reading them loads no descriptor (a test keeps them in
// step).
//
// Sources: rdns and flags from wagmi, RainbowKit and Dynamic's wallet book;
// browse templates from the wallets' own docs (MetaMask, Coinbase, Phantom,
// Trust, OKX, Bitget) or a production kit (Rainbow, via Dynamic). Pairing
// bases come from those libraries; no vendor documents them. Zerion's and
// Backpack's browse links are only seen in community code, and Rabby, Exodus
// and Brave have none: left out.

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

export const coinbase = {
  id: 'coinbase',
  name: 'Coinbase Wallet',
  rdns: ['com.coinbase.wallet'],
  injected: {
    flags: ['isCoinbaseWallet'],
    global: ['coinbaseWalletExtension'],
  },
  browse: ({ url }) => `https://go.cb-w.com/dapp?cb_url=${url}`,
  installUrl: 'https://www.coinbase.com/wallet/downloads',
} as const satisfies WalletDescriptor

export const phantom = {
  id: 'phantom',
  name: 'Phantom',
  rdns: ['app.phantom'],
  injected: { flags: ['isPhantom'], global: ['phantom', 'ethereum'] },
  browse: ({ url, ref }) => `https://phantom.app/ul/browse/${url}?ref=${ref}`,
  installUrl: 'https://phantom.com/download',
} as const satisfies WalletDescriptor

export const trust = {
  id: 'trust',
  name: 'Trust Wallet',
  rdns: ['com.trustwallet.app'],
  injected: { flags: ['isTrust', 'isTrustWallet'], global: ['trustwallet'] },
  walletConnect: {
    native: 'trust://',
    universal: 'https://link.trustwallet.com',
  },
  // coin_id is SLIP-44: 60 opens the browser on Ethereum.
  browse: ({ url }) =>
    `https://link.trustwallet.com/open_url?coin_id=60&url=${url}`,
  installUrl: 'https://trustwallet.com/download',
} as const satisfies WalletDescriptor

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

export const bitget = {
  id: 'bitget',
  name: 'Bitget Wallet',
  rdns: ['com.bitget.web3'],
  injected: { flags: ['isBitKeep'], global: ['bitkeep', 'ethereum'] },
  walletConnect: { native: 'bitkeep://' },
  // On Android only the https form works.
  browse: ({ url }) => `https://bkcode.vip?action=dapp&url=${url}`,
  installUrl: 'https://web3.bitget.com/en/wallet-download',
} as const satisfies WalletDescriptor

export const rainbow = {
  id: 'rainbow',
  name: 'Rainbow',
  rdns: ['me.rainbow'],
  injected: { flags: ['isRainbow'], global: ['rainbow'] },
  walletConnect: { native: 'rainbow://', universal: 'https://rnbwapp.com' },
  browse: ({ url }) => `https://rnbwapp.com/dapp?url=${url}`,
  installUrl: 'https://rainbow.me/download',
} as const satisfies WalletDescriptor

export const zerion = {
  id: 'zerion',
  name: 'Zerion',
  rdns: ['io.zerion.wallet'],
  injected: { flags: ['isZerion'], global: ['zerionWallet'] },
  walletConnect: { native: 'zerion://' },
  installUrl: 'https://zerion.io/download',
} as const satisfies WalletDescriptor

export const rabby = {
  id: 'rabby',
  name: 'Rabby',
  rdns: ['io.rabby'],
  injected: { flags: ['isRabby'] },
  installUrl: 'https://rabby.io/',
} as const satisfies WalletDescriptor

export const exodus = {
  id: 'exodus',
  name: 'Exodus',
  rdns: ['com.exodus.web3-wallet'],
  injected: { flags: ['isExodus'] },
  walletConnect: { native: 'exodus://', universal: 'https://exodus.com/m' },
  installUrl: 'https://www.exodus.com/download/',
} as const satisfies WalletDescriptor

export const brave = {
  id: 'brave',
  name: 'Brave Wallet',
  rdns: ['com.brave.wallet'],
  injected: { flags: ['isBraveWallet'] },
  installUrl: 'https://brave.com/download/',
} as const satisfies WalletDescriptor

export const backpack = {
  id: 'backpack',
  name: 'Backpack',
  rdns: ['app.backpack', 'app.backpack.mobile'],
  injected: { flags: ['isBackpack'], global: ['backpack', 'ethereum'] },
  walletConnect: { native: 'backpack://' },
  installUrl: 'https://backpack.app/download',
} as const satisfies WalletDescriptor

/** The wallets of the registry, by id. */
export const walletIds = [
  'metamask',
  'coinbase',
  'phantom',
  'trust',
  'okx',
  'bitget',
  'rainbow',
  'zerion',
  'rabby',
  'exodus',
  'brave',
  'backpack',
] as const

export type WalletId = (typeof walletIds)[number]

/** Every wallet the pack knows, by id. */
export const walletRegistry = {
  metamask,
  coinbase,
  phantom,
  trust,
  okx,
  bitget,
  rainbow,
  zerion,
  rabby,
  exodus,
  brave,
  backpack,
} as const satisfies Record<WalletId, WalletDescriptor>

/** The registry id of each rdns the registry knows, for listing announced wallets under their registry ids. */
export const registryIdByRdns: Readonly<Record<string, WalletId>> = {
  'io.metamask': 'metamask',
  'io.metamask.mobile': 'metamask',
  'com.coinbase.wallet': 'coinbase',
  'app.phantom': 'phantom',
  'com.trustwallet.app': 'trust',
  'com.okex.wallet': 'okx',
  'com.bitget.web3': 'bitget',
  'me.rainbow': 'rainbow',
  'io.zerion.wallet': 'zerion',
  'io.rabby': 'rabby',
  'com.exodus.web3-wallet': 'exodus',
  'com.brave.wallet': 'brave',
  'app.backpack': 'backpack',
  'app.backpack.mobile': 'backpack',
}
