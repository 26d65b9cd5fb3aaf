import type { WalletLinks } from './toPairingLinks.js'

type PeerMetadata =
  | {
      url?: unknown
      redirect?: { native?: unknown; universal?: unknown } | undefined
    }
  | undefined

/** The host of an http(s) link or site, if it is one. */
function webHost(value: unknown) {
  if (typeof value !== 'string') return undefined
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:'
      ? url.hostname
      : undefined
  } catch {
    return undefined
  }
}

/**
 * The links a connected wallet gives for itself in its session metadata,
 * which nobody vets: its own app scheme as it is, a web link only on the
 * wallet's own site (so no peer can send the user to another site).
 * The caller still checks each link's scheme.
 */
export function peerWalletLinks(peer: PeerMetadata): WalletLinks {
  const site = webHost(peer?.url)
  const ownLink = (link: unknown) => {
    if (typeof link !== 'string') return undefined
    if (!/^\s*https?:/i.test(link)) return link
    const host = webHost(link)
    return host && site && (host === site || host.endsWith(`.${site}`))
      ? link
      : undefined
  }
  return {
    native: ownLink(peer?.redirect?.native),
    universal: ownLink(peer?.redirect?.universal),
  }
}
