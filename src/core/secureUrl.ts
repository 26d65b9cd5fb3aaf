// The one rule for the URLs the pack loads or calls (the vendor's API, the
// isolated frames): nobody may sit in between.

/**
 * A URL the pack may load or call without anyone in between (a frame, the
 * vendor's API): https://, or http:// only on this machine (development).
 */
export function isSecureUrl(value: string): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  return (
    url.protocol === 'https:' ||
    (url.protocol === 'http:' &&
      ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))
  )
}
