import type { WalletDescriptor } from './walletRegistry.js'

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

/**
 * The app schemes of the registry's wallets (their `walletConnect.native`),
 * written out so a link check loads no descriptor; a test keeps them in step.
 */
export const registeredSchemes: ReadonlySet<string> = new Set([
  'metamask:',
  'trust:',
  'okex:',
  'bitkeep:',
  'rainbow:',
  'zerion:',
  'exodus:',
  'backpack:',
])

// Schemes that run code, read local data or travel in clear: refused even when a host names them.
const neverAllowed = new Set([
  'javascript:',
  'data:',
  'vbscript:',
  'file:',
  'blob:',
  'about:',
  'http:',
  'ws:',
])

/**
 * A link the pack may open: `https:`, or the scheme of a registered wallet.
 * Everything else (`javascript:`, `data:`, `file:`, `http:`, unknown apps) is refused.
 */
export function isAllowedDeepLink(
  link: string,
  extraSchemes: readonly string[] = [],
): boolean {
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return false
  }
  if (url.username || url.password || neverAllowed.has(url.protocol))
    return false
  return (
    url.protocol === 'https:' ||
    registeredSchemes.has(url.protocol) ||
    extraSchemes.includes(url.protocol)
  )
}
