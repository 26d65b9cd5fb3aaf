import { isAllowedDeepLink } from './isAllowedDeepLink.js'
import type { WalletDescriptor } from './walletRegistry.js'

/** The page to open, in the forms wallets' templates ask for. */
export type BrowsePage = {
  /** `encodeURIComponent` of the whole URL. */
  url: string
  /** Host, path, query and fragment: no scheme, not encoded further. */
  raw: string
  /** `encodeURIComponent` of the origin. */
  ref: string
}

/**
 * The link that opens `pageUrl` inside the wallet app's own browser, or
 * `undefined` when the wallet has no known template or the page is not an
 * `http(s):` URL (a `javascript:` or `data:` page never yields a link).
 */
export function toBrowseLink(
  wallet: WalletDescriptor,
  pageUrl: string,
): string | undefined {
  if (!wallet.browse) return undefined
  let page: URL
  try {
    page = new URL(pageUrl)
  } catch {
    return undefined
  }
  if (page.protocol !== 'https:' && page.protocol !== 'http:') return undefined
  // Credentials in a link would be handed to the wallet's link service.
  if (page.username || page.password) return undefined
  const link = wallet.browse({
    url: encodeURIComponent(page.href),
    raw: `${page.host}${page.pathname}${page.search}${page.hash}`,
    ref: encodeURIComponent(page.origin),
  })
  return isAllowedDeepLink(link) ? link : undefined
}
