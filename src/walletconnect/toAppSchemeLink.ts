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
