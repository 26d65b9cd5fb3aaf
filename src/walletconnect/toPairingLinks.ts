import { isAllowedDeepLink } from '../wallets/isAllowedDeepLink.js'

export type DeepLinkPreference = 'native' | 'universal'

export type WalletLinks = {
  native?: string | undefined
  universal?: string | undefined
}

/** `scheme://` or `https://host/path`, ready to take `wc?…` after a slash. */
function base(link: string) {
  return link.endsWith('/') ? link : `${link}/`
}

/** The link of the preferred kind, falling back to the other; only from allowed schemes. */
export function chooseWalletLink(
  links: WalletLinks | undefined,
  preference: DeepLinkPreference,
  extraSchemes: readonly string[] = [],
): string | undefined {
  const ordered =
    preference === 'native'
      ? [links?.native, links?.universal]
      : [links?.universal, links?.native]
  return ordered.find(
    (link): link is string =>
      typeof link === 'string' &&
      isAllowedDeepLink(link, extraSchemes) &&
      // What the links are built from: `https://host ` passes alone, not as `https://host /wc`.
      isAllowedDeepLink(`${base(link)}wc`, extraSchemes),
  )
}

/**
 * What to show for a pairing URI: the QR payload (the `wc:` URI itself) and
 * the link that opens the wallet with it, `scheme://wc?uri=…` or
 * `https://universal/wc?uri=…` (SPEC §2: native by default).
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
      ? `${base(chosen)}wc?uri=${encodeWellFormed(uri)}`
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
  return `${base(walletLink)}wc?sessionTopic=${encodeWellFormed(sessionTopic)}`
}
