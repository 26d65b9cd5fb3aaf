/**
 * The app schemes of the registry's wallets (their `walletConnect.native`),
 * kept here so a link check loads no registry; a test keeps them in step.
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
