/**
 * Whether a page on `origin` may use the frame: its origin is one of
 * `allowed`, exactly, or matches an entry whose port is `*`
 * (`http://localhost:*`, as in CSP's `frame-ancestors`).
 */
export function isAllowedParent(
  origin: string,
  allowed: readonly string[],
): boolean {
  let parent: URL
  try {
    parent = new URL(origin)
  } catch {
    return false
  }
  if (parent.origin !== origin) return false
  return allowed.some((entry) => {
    if (entry === origin) return true
    const anyPort = /^(https?:\/\/[^/:]+):\*$/.exec(entry)
    return (
      anyPort !== null &&
      `${parent.protocol}//${parent.hostname}` === anyPort[1]
    )
  })
}

/** The origins the frame's host wrote into its page, space-separated. */
export function readParentOrigins(document: Document): string[] {
  const content =
    document
      .querySelector(`meta[name="${parentOriginsMetaName}"]`)
      ?.getAttribute('content') ?? ''
  return content.split(/\s+/).filter(Boolean)
}

/** The `<meta>` whose content lists the pages that may use the frame. */
export const parentOriginsMetaName = 'wagmi-connector-pack-parent-origins'
