import type { WalletLinks } from './toPairingLinks.js'

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
 * which nobody vets: its own app scheme, or a web link on the site it names
 * as its own (this stops a wallet misconfigured with another site's link;
 * a malicious wallet names its own site, and the caller's scheme allowlist
 * still applies). Links come back as the browser reads them.
 */
export function peerWalletLinks(peer: PeerMetadata): WalletLinks {
  const site = parse(peer?.url)
  const siteHost = site && isWeb(site) ? site.hostname : undefined
  const ownLink = (link: unknown) => {
    const url = parse(link)
    if (!url) return undefined
    if (!isWeb(url)) return url.href
    return siteHost &&
      (url.hostname === siteHost || url.hostname.endsWith(`.${siteHost}`))
      ? url.href
      : undefined
  }
  return {
    native: ownLink(peer?.redirect?.native),
    universal: ownLink(peer?.redirect?.universal),
  }
}
