import type { WalletDescriptor } from '../wallets/walletRegistry.js'
import type {
  AnnouncedProvider,
  InjectedProvider,
} from './injectedParameters.js'

// How a connector finds its wallet in the page: the wallets' EIP-6963
// announcements, then the legacy providers of wallets that predate it, with
// the checks that keep an impostor out, and the wallets `injectedWallets()`
// leaves out.

type AnnounceEvent = CustomEvent<AnnouncedProvider>

let announced: AnnouncedProvider[] | undefined
const listeners = new Set<() => void>()

/**
 * The wallets that announced themselves by EIP-6963, first come first kept.
 * The first call starts listening for the page's lifetime and asks every
 * wallet to announce; wallets already in the page answer at once. Empty on
 * the server.
 */
export function announcedProviders(): readonly AnnouncedProvider[] {
  if (typeof window === 'undefined') return []
  if (!announced) {
    const list: AnnouncedProvider[] = []
    announced = list
    window.addEventListener('eip6963:announceProvider', (event) => {
      const detail = (event as AnnounceEvent).detail
      if (!isAnnouncement(detail)) return
      // The same injection announces again on every request: keep one. A second
      // provider under a known uuid is an imitation: keep the first.
      if (list.some((known) => known.info.uuid === detail.info.uuid)) return
      list.push(detail)
      for (const listener of listeners) listener()
    })
    window.dispatchEvent(new Event('eip6963:requestProvider'))
  }
  return announced
}

/** Calls `onAnnounced` after each wallet that joins the list; returns the way to stop. */
export function watchAnnouncedProviders(onAnnounced: () => void): () => void {
  announcedProviders()
  listeners.add(onAnnounced)
  return () => listeners.delete(onAnnounced)
}

function isAnnouncement(detail: unknown): detail is AnnouncedProvider {
  const { info, provider } = (detail ?? {}) as Partial<AnnouncedProvider>
  const filled = (value: unknown) =>
    typeof value === 'string' && value.trim() !== ''
  // Anything in the page can announce: only a complete, usable provider counts.
  return (
    filled(info?.uuid) &&
    filled(info?.rdns) &&
    filled(info?.name) &&
    typeof provider?.request === 'function' &&
    typeof provider.on === 'function'
  )
}

export type InjectedEnvironment = {
  announced: readonly AnnouncedProvider[]
  /** The page's `window`, where legacy wallets put their providers. */
  window: Record<string, unknown> | undefined
}

/**
 * The wallet's provider in this page: announced under one of its rdns first,
 * then a legacy provider under its own global or carrying its flag (in
 * `window.ethereum.providers` or `window.ethereum`), impostors refused.
 */
export function findInjectedProvider(
  wallet: WalletDescriptor,
  { announced, window }: InjectedEnvironment,
): InjectedProvider | undefined {
  const byRdns = announced.find(({ info }) => wallet.rdns?.includes(info.rdns))
  if (byRdns) return byRdns.provider
  if (!window || !wallet.injected) return undefined
  const global = wallet.injected.global
  if (global) {
    const own = global.reduce<unknown>(
      (at, key) => (isObject(at) ? at[key] : undefined),
      window,
    )
    if (isProvider(own)) return own
  }
  const ethereum = window.ethereum
  const candidates = [
    ...(isObject(ethereum) && Array.isArray(ethereum.providers)
      ? ethereum.providers
      : []),
    ethereum,
  ]
  return candidates.find(
    (candidate): candidate is InjectedProvider =>
      isProvider(candidate) && isGenuineProvider(candidate, wallet),
  )
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function isProvider(value: unknown): value is InjectedProvider {
  return isObject(value) && typeof value.request === 'function'
}

/**
 * Wallets' own flags, which give away an impostor beside a copied one (a
 * wallet's own flags never count against it): the registry's (written out so
 * checking a provider loads no descriptor; a test keeps them in step) and
 * wagmi's and RainbowKit's lists.
 */
export const otherWalletFlags = [
  'isMetaMask',
  'isCoinbaseWallet',
  'isPhantom',
  'isTrust',
  'isTrustWallet',
  'isOkxWallet',
  'isOKExWallet',
  'isBitKeep',
  'isRainbow',
  'isZerion',
  'isRabby',
  'isExodus',
  'isBraveWallet',
  'isBackpack',
  'isApexWallet',
  'isAvalanche',
  'isBifrost',
  'isBinance',
  'isBitski',
  'isBlockWallet',
  'isCoin98',
  'isCTRL',
  'isDawn',
  'isEnkrypt',
  'isFrame',
  'isFrontier',
  'isGamestop',
  'isHyperPay',
  'isImToken',
  'isKuCoinWallet',
  'isMathWallet',
  'isMEWwallet',
  'isNestWallet',
  'isOneInchAndroidWallet',
  'isOneInchIOSWallet',
  'isOpera',
  'isPortal',
  'isSafeheron',
  'isSafePal',
  'isStatus',
  'isTalisman',
  'isTally',
  'isTokenary',
  'isTokenPocket',
  'isUniswapWallet',
  'isWigwam',
  'isxPortal',
  'isZeal',
  'isZilPay',
  '__seif',
]

/**
 * Whether a legacy provider is the wallet's own: it carries one of the
 * wallet's flags and, for a flag others copy (`isMetaMask`), no other
 * wallet's flag beside it.
 */
function isGenuineProvider(
  provider: Record<string, unknown>,
  wallet: WalletDescriptor,
): boolean {
  const flags = wallet.injected?.flags ?? []
  if (!flags.some((flag) => provider[flag] === true)) return false
  if (!wallet.injected?.spoofed) return true
  return !otherWalletFlags.some(
    (flag) => !flags.includes(flag) && Boolean(provider[flag]),
  )
}

/**
 * Wallets `injectedWallets()` never lists: they have dedicated connectors
 * (docs/injected.md). Each is recognised by its rdns where known, else by
 * its name.
 */
export const alwaysExcludedWallets = {
  phantomevm: { rdns: ['app.phantom'], name: /^phantom$/i },
  coinbase: {
    rdns: ['com.coinbase.wallet'],
    name: /^coinbase( wallet)?$/i,
  },
  exodusevm: { rdns: ['com.exodus.web3-wallet'], name: /^exodus$/i },
  abstract: { rdns: [], name: /^abstract( global wallet)?$/i },
  metamask: {
    rdns: ['io.metamask', 'io.metamask.mobile'],
    name: /^metamask$/i,
  },
  edenonline: { rdns: [], name: /^eden ?online$/i },
  intersend: { rdns: [], name: /^intersend$/i },
} as const satisfies Record<string, { rdns: readonly string[]; name: RegExp }>

export type AlwaysExcludedWalletId = keyof typeof alwaysExcludedWallets

/** The always-excluded wallet an announcement is, if any. */
export function alwaysExcludedIdOf({
  info,
}: Pick<AnnouncedProvider, 'info'>): AlwaysExcludedWalletId | undefined {
  return (
    Object.entries(alwaysExcludedWallets) as [
      AlwaysExcludedWalletId,
      { rdns: readonly string[]; name: RegExp },
    ][]
  ).find(
    ([, wallet]) =>
      wallet.rdns.includes(info.rdns) || wallet.name.test(info.name.trim()),
  )?.[0]
}
