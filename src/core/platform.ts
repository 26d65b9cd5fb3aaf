export type Platform = {
  isMobile: boolean
  isIos: boolean
  isAndroid: boolean
  /** The page runs inside a wallet app's own browser (it injected a provider). */
  inWalletBrowser: boolean
  /** Which wallet's browser, when its user agent says so. */
  walletBrowser: WalletBrowserId | undefined
}

export type PlatformEnvironment = {
  navigator?:
    | { userAgent?: string | undefined; maxTouchPoints?: number | undefined }
    | undefined
  ethereum?: unknown
}

// Tokens the wallets' in-app browsers add to their user agent.
const walletBrowserMarkers = {
  metamask: /MetaMaskMobile/,
  coinbase: /CoinbaseWallet|CoinbaseBrowser/,
  trust: /\bTrust\//,
  okx: /OKApp/,
  bitget: /BitKeep|Bitget/,
  phantom: /Phantom/,
  rainbow: /Rainbow/,
  zerion: /Zerion/,
  exodus: /Exodus/,
  backpack: /Backpack/,
  rabby: /Rabby/,
} as const

type WalletBrowserId = keyof typeof walletBrowserMarkers

const serverPlatform: Platform = {
  isMobile: false,
  isIos: false,
  isAndroid: false,
  inWalletBrowser: false,
  walletBrowser: undefined,
}

/**
 * What kind of device and browser the page runs in. Safe on the server (all
 * false there); reads the globals only when called.
 */
export function detectPlatform(
  environment: PlatformEnvironment = currentEnvironment(),
): Platform {
  const userAgent = environment.navigator?.userAgent
  if (typeof userAgent !== 'string') return serverPlatform
  const isIpadAsDesktop =
    /Macintosh/.test(userAgent) &&
    (environment.navigator?.maxTouchPoints ?? 0) > 1
  const isIos = /iPhone|iPad|iPod/.test(userAgent) || isIpadAsDesktop
  const isAndroid = /Android/.test(userAgent)
  const isMobile = isIos || isAndroid || /Mobi/.test(userAgent)
  const walletBrowser = (
    Object.keys(walletBrowserMarkers) as WalletBrowserId[]
  ).find((id) => walletBrowserMarkers[id].test(userAgent))
  const hasInjectedProvider =
    typeof environment.ethereum === 'object' && environment.ethereum !== null
  return {
    isMobile,
    isIos,
    isAndroid,
    // A phone cannot run extensions: an injected provider there means a wallet browser.
    inWalletBrowser:
      walletBrowser !== undefined || (isMobile && hasInjectedProvider),
    walletBrowser,
  }
}

function currentEnvironment(): PlatformEnvironment {
  if (typeof window === 'undefined' || typeof navigator === 'undefined')
    return {}
  return {
    navigator,
    ethereum: (window as { ethereum?: unknown }).ethereum,
  }
}
