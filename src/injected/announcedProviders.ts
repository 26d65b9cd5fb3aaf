import type { AnnouncedProvider } from './eip1193.js'

type AnnounceEvent = CustomEvent<AnnouncedProvider>

let announced: AnnouncedProvider[] | undefined
const listeners = new Set<() => void>()

/**
 * The wallets that announced themselves by EIP-6963, first come first kept.
 * The first call starts listening for the page's lifetime and asks every
 * wallet to announce; wallets already in the page answer at once. Empty on
 * the server.
 */
export function announcedProviders(): readonly AnnouncedProvider[] {
  if (typeof window === 'undefined') return []
  if (!announced) {
    const list: AnnouncedProvider[] = []
    announced = list
    window.addEventListener('eip6963:announceProvider', (event) => {
      const detail = (event as AnnounceEvent).detail
      if (!isAnnouncement(detail)) return
      // The same injection announces again on every request: keep one. A second
      // provider under a known uuid is an imitation: keep the first.
      if (list.some((known) => known.info.uuid === detail.info.uuid)) return
      list.push(detail)
      for (const listener of listeners) listener()
    })
    window.dispatchEvent(new Event('eip6963:requestProvider'))
  }
  return announced
}

/** Calls `onAnnounced` after each wallet that joins the list; returns the way to stop. */
export function watchAnnouncedProviders(onAnnounced: () => void): () => void {
  announcedProviders()
  listeners.add(onAnnounced)
  return () => listeners.delete(onAnnounced)
}

function isAnnouncement(detail: unknown): detail is AnnouncedProvider {
  const { info, provider } = (detail ?? {}) as Partial<AnnouncedProvider>
  const filled = (value: unknown) =>
    typeof value === 'string' && value.trim() !== ''
  // Anything in the page can announce: only a complete, usable provider counts.
  return (
    filled(info?.uuid) &&
    filled(info?.rdns) &&
    filled(info?.name) &&
    typeof provider?.request === 'function' &&
    typeof provider.on === 'function'
  )
}
