import { detectPlatform } from '../core/platform.js'
import type { WalletDescriptor } from '../wallets/walletRegistry.js'
import {
  chooseWalletLink,
  preferredLink,
  toRequestLink,
  type WalletLinks,
} from './links.js'
import type { DeepLinkPreference } from './walletConnectParameters.js'

// On a phone, each request that needs the user opens the wallet app: by the
// chosen wallet's link, else by the paired wallet's own from its session
// metadata, which nobody vets (docs/walletconnect.md, On a phone). The SDK's
// own redirect is kept out of it.

// RFC 3986 §3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then
// "//" as a wallet app's own link has it (`examplewallet://`). Checked on the
// string as given, before a URL parser forgives leading spaces or tabs.
const appSchemeLink = /^[a-z][a-z0-9+.-]*:\/\/[^\s\\]*$/i

/**
 * Schemes a link from a wallet's unvetted metadata never gets to open, even
 * though they are well formed: they run script, read local or browser data,
 * open browser or extension internals, reach the web (a web link must pass
 * the same-site rule instead), launch arbitrary Android apps or other
 * browsers (which would carry any web page past that rule), install apps,
 * or start a call or a message under the wallet's name.
 */
export const deniedAppSchemes: ReadonlySet<string> = new Set([
  // Script and data.
  'javascript',
  'vbscript',
  'data',
  'blob',
  'file',
  'filesystem',
  'jar',
  'content',
  // Browser and extension internals.
  'about',
  'chrome',
  'chrome-extension',
  'chrome-untrusted',
  'chrome-search',
  'chrome-native',
  'devtools',
  'edge',
  'brave',
  'opera',
  'vivaldi',
  'moz-extension',
  'resource',
  'view-source',
  'safari-extension',
  'safari-web-extension',
  'ms-browser-extension',
  'webkit-extension',
  // The web and its sockets.
  'http',
  'https',
  'ws',
  'wss',
  'ftp',
  // Android intents: any app and activity, with a web fallback of the link's choosing.
  'intent',
  'android-app',
  // Other browsers, which open whatever page the link names.
  'googlechrome',
  'googlechromes',
  'firefox',
  'firefox-focus',
  'opera-http',
  'opera-https',
  'microsoft-edge',
  'microsoft-edge-http',
  'microsoft-edge-https',
  'x-safari-http',
  'x-safari-https',
  'x-web-search',
  // App installs and phone actions.
  'itms-services',
  'itms-apps',
  'itms-appss',
  'tel',
  'sms',
  'mailto',
  'facetime',
  'facetime-audio',
  'callto',
  'sip',
  'sips',
])

/**
 * Whether a link from a paired wallet's own metadata (`redirect.native`) is
 * a wallet app's link the pack may open: `scheme://…` with an RFC 3986 scheme
 * outside {@link deniedAppSchemes}, no credentials and nothing a browser would
 * silently strip. Returns the link as the browser reads it, or undefined.
 */
export function toAppSchemeLink(link: unknown): string | undefined {
  if (typeof link !== 'string' || !appSchemeLink.test(link)) return undefined
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return undefined
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase()
  if (deniedAppSchemes.has(scheme) || scheme.endsWith('-extension'))
    return undefined
  if (url.username || url.password) return undefined
  return url.href
}

type PeerMetadata =
  | {
      url?: unknown
      redirect?: { native?: unknown; universal?: unknown } | undefined
    }
  | undefined

/** The parsed URL, as a browser will read it (it drops tabs, newlines and leading controls). */
function parse(value: unknown) {
  if (typeof value !== 'string') return undefined
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

const isWeb = (url: URL) =>
  url.protocol === 'https:' || url.protocol === 'http:'

/**
 * The links a connected wallet gives for itself in its session metadata,
 * which nobody vets, for any wallet, listed in the registry or not:
 * - its app scheme (`redirect.native`, e.g. `examplewallet://`) when it is a
 *   well-formed `scheme://` link outside the schemes that run script, open
 *   browser internals or reach the web (toAppSchemeLink);
 * - a web link only on the site it names as its own (this stops a wallet
 *   misconfigured with another site's link; a malicious wallet names its own
 *   site) and only over https.
 * Links come back as the browser reads them.
 */
export function peerWalletLinks(peer: PeerMetadata): WalletLinks {
  const site = parse(peer?.url)
  const siteHost = site && isWeb(site) ? site.hostname : undefined
  const ownWebLink = (link: unknown) => {
    const url = parse(link)
    if (url?.protocol !== 'https:' || !siteHost) return undefined
    if (url.username || url.password) return undefined
    return url.hostname === siteHost || url.hostname.endsWith(`.${siteHost}`)
      ? url.href
      : undefined
  }
  const ownLink = (link: unknown) => {
    const url = parse(link)
    if (!url) return undefined
    return isWeb(url) ? ownWebLink(link) : toAppSchemeLink(link)
  }
  return {
    native: ownLink(peer?.redirect?.native),
    universal: ownWebLink(peer?.redirect?.universal),
  }
}

type PeeredSession = {
  topic: string
  peer: { metadata: PeerMetadata }
}

/**
 * On a phone, opens the wallet app for a request that needs its user, within
 * the user's tap (called before anything is awaited; iOS drops a link opened
 * later). The link is the chosen wallet's (registry or the host's
 * descriptor), else the paired wallet's own from its session metadata, of
 * the preferred kind: `<base>/wc?sessionTopic=…`.
 */
export function openWalletForRequest({
  session,
  wallet,
  preference,
  hostSchemes,
}: {
  session: PeeredSession | undefined
  wallet: WalletDescriptor | undefined
  preference: DeepLinkPreference
  hostSchemes: readonly string[]
}) {
  if (!session || !detectPlatform().isMobile) return
  const link =
    chooseWalletLink(wallet?.walletConnect, preference, hostSchemes) ??
    preferredLink(peerWalletLinks(session.peer.metadata), preference)
  if (!link) return
  const url = toRequestLink(link, session.topic)
  window.open(
    url,
    url.startsWith('https:') ? '_blank' : '_self',
    'noreferrer noopener',
  )
}

// The SDK's own redirect on each request reads this key, from localStorage
// first; the connector opens the wallet itself (openWalletForRequest).
const sdkDeepLinkKey = 'WALLETCONNECT_DEEPLINK_CHOICE'

/**
 * Removes the SDK's stored deep-link choice, which the SDK itself removes
 * from its own storage only: left in localStorage, the next session would
 * redirect to the previous wallet.
 */
export function clearSdkDeepLink() {
  try {
    globalThis.localStorage?.removeItem(sdkDeepLinkKey)
  } catch {
    // Storage may be blocked; nothing to clear then.
  }
}
