const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/** An export frame may live on https://, or on http:// only on this machine (development). */
export function isAllowedFrameUrl(value: string): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  return (
    url.protocol === 'https:' ||
    (url.protocol === 'http:' && loopbackHosts.has(url.hostname))
  )
}
