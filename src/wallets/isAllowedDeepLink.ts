import { type WalletDescriptor, walletRegistry } from './walletRegistry.js'

const registeredSchemes = new Set(
  Object.values(walletRegistry).flatMap((wallet: WalletDescriptor) => {
    const native = wallet.walletConnect?.native
    return native ? [native.slice(0, native.indexOf(':') + 1)] : []
  }),
)

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
