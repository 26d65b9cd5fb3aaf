import { backpack } from './known/backpack.js'
import { bitget } from './known/bitget.js'
import { brave } from './known/brave.js'
import { coinbase } from './known/coinbase.js'
import { exodus } from './known/exodus.js'
import { metamask } from './known/metamask.js'
import { okx } from './known/okx.js'
import { phantom } from './known/phantom.js'
import { rabby } from './known/rabby.js'
import { rainbow } from './known/rainbow.js'
import { trust } from './known/trust.js'
import { zerion } from './known/zerion.js'
import type { BrowsePage } from './toBrowseLink.js'
import type { WalletId } from './walletIds.js'

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

// Sources (notes/deep-links.md): rdns and flags from wagmi, RainbowKit and Dynamic's
// wallet book; browse templates from the wallets' own docs (MetaMask, Coinbase, Phantom,
// Trust, OKX, Bitget) or a production kit (Rainbow, via Dynamic). Pairing bases are
// library-sourced; none is vendor-documented. Zerion's and Backpack's browse links are
// only seen in community code, and Rabby, Exodus and Brave have none: left out.

/** Every wallet the pack knows, by id; each is also exported on its own, in a module of its own, so a page carries only those it imports. */
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

export type { WalletId }
