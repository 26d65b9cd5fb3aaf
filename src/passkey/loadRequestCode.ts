import { loadOnce } from '../core/connector.js'

/**
 * The code that answers requests (a sign-up or log-in does not need it): it
 * loads with the first request, and is fetched by the time a signature needs
 * the passkey, so the prompt follows the user's tap with no download in
 * between (iOS drops the tap). A failed download (offline, a new deploy) is
 * tried again next time.
 */
export function loadRequestCode<code>(load: () => Promise<code>) {
  const code = loadOnce(load)
  let timer: ReturnType<typeof setTimeout> | undefined
  return {
    get value() {
      return code.value
    },
    load: code.load,
    /** Fetches now, or at `signsSilentlyUntil` (unix seconds) while a session key signs. */
    fetchBeforePrompts(signsSilentlyUntil: number | undefined) {
      clearTimeout(timer)
      if (code.value) return
      const fetchCode = () => void code.load().catch(() => undefined)
      if (signsSilentlyUntil === undefined) return fetchCode()
      timer = setTimeout(fetchCode, signsSilentlyUntil * 1000 - Date.now())
      // Outside a browser (Node) the timer must not keep the process alive.
      if (typeof timer === 'object') timer.unref?.()
    },
    cancel() {
      clearTimeout(timer)
    },
  }
}
