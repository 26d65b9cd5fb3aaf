import { toAppSchemeLink } from './toAppSchemeLink.js'
import type { WalletLinks } from './links.js'

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
