import { isAllowedDeepLink } from '../wallets/links.js'
import type { DeepLinkPreference } from './walletConnectParameters.js'

// The links that open the wallet app: for a pairing (`…/wc?uri=`) and for a
// request (`…/wc?sessionTopic=`), of the preferred kind, from allowed schemes
// only. Public (toPairingLinks), so kept apart from the runtime's code: a
// bundler may put what a subpath re-exports in the host's first load.

export type WalletLinks = {
  native?: string | undefined
  universal?: string | undefined
}

/**
 * The wallet's `/wc` route under a base link: `scheme://` → `scheme://wc`,
 * `https://host/app` → `https://host/app/wc`. A base that already ends in
 * `wc` (`rainbow://wc`, `https://host/wc/`) keeps it: never `/wc/wc`.
 */
export function toWcLink(link: string) {
  if (link.endsWith('://')) return `${link}wc`
  const trimmed = link.endsWith('/') ? link.slice(0, -1) : link
  return /\/wc$/i.test(trimmed) ? trimmed : `${trimmed}/wc`
}

/** The first link of the preferred kind, else of the other kind. */
export function preferredLink(
  links: WalletLinks | undefined,
  preference: DeepLinkPreference,
): string | undefined {
  return preference === 'native'
    ? (links?.native ?? links?.universal)
    : (links?.universal ?? links?.native)
}

/**
 * The link of the preferred kind, falling back to the other, among the links
 * of a registered wallet or of one the host described: only from allowed
 * schemes (`https:`, the registry's, the host's own).
 */
export function chooseWalletLink(
  links: WalletLinks | undefined,
  preference: DeepLinkPreference,
  extraSchemes: readonly string[] = [],
): string | undefined {
  const allowed = (link: string | undefined) =>
    typeof link === 'string' &&
    isAllowedDeepLink(link, extraSchemes) &&
    // What the links are built from: `https://host ` passes alone, not as `https://host /wc`.
    isAllowedDeepLink(toWcLink(link), extraSchemes)
      ? link
      : undefined
  return preferredLink(
    { native: allowed(links?.native), universal: allowed(links?.universal) },
    preference,
  )
}

/**
 * What to show for a pairing URI: the QR payload (the `wc:` URI itself) and
 * the link that opens the wallet with it, `scheme://wc?uri=…` or
 * `https://universal/wc?uri=…` (native by default).
 */
export function toPairingLinks(
  uri: string,
  {
    wallet,
    preference = 'native',
    extraSchemes,
  }: {
    wallet?: WalletLinks | undefined
    preference?: DeepLinkPreference | undefined
    /** Schemes of a wallet the host described itself (dangerous ones stay refused). */
    extraSchemes?: readonly string[] | undefined
  } = {},
) {
  const chosen = chooseWalletLink(wallet, preference, extraSchemes)
  return {
    qr: uri,
    deepLink: chosen
      ? `${toWcLink(chosen)}?uri=${encodeWellFormed(uri)}`
      : undefined,
  }
}

/** encodeURIComponent, which throws on a lone surrogate: that becomes U+FFFD. */
const encodeWellFormed = (value: string) =>
  encodeURIComponent(value.replace(/\p{Surrogate}/gu, '\uFFFD'))

/**
 * The link that brings the wallet forward for a request. It is opened inside
 * the user's tap, before the request id exists, so it names the session only.
 */
export function toRequestLink(walletLink: string, sessionTopic: string) {
  return `${toWcLink(walletLink)}?sessionTopic=${encodeWellFormed(sessionTopic)}`
}
