import type { Authorization } from './authorization.js'
import { OidcSignInError } from './errors.js'

// The provider's sign-in in a window of its own (a popup, opened in the
// person's tap by signInNavigation), which the page watches until the
// provider sends the person back to this origin.

/** How often the page looks whether the window came back (or was closed). */
const pollMs = 200

/**
 * Sends the window to the authorization's `url` and waits until it is back on its `redirectUri`:
 * resolves with the URL it came back to, and closes it. Rejects with
 * OidcSignInError `closed` when the person closes it, `timeout` after
 * `timeoutMs`; and closes it when `signal` aborts (a disconnect).
 */
export function awaitSignIn(
  signInWindow: Window,
  { url, redirectUri, provider: { id: provider } }: Authorization,
  { timeoutMs, signal }: { timeoutMs: number; signal: AbortSignal },
): Promise<URL> {
  const back = new URL(redirectUri)
  return new Promise<URL>((resolve, reject) => {
    const end = (outcome: () => void) => {
      clearInterval(poll)
      clearTimeout(deadline)
      signal.removeEventListener('abort', abandon)
      signInWindow.close()
      outcome()
    }
    const abandon = () => end(() => reject(signal.reason))
    const poll = setInterval(() => {
      if (signInWindow.closed)
        return end(() =>
          reject(new OidcSignInError({ reason: 'closed', provider })),
        )
      let here: URL
      try {
        // Reading another origin's location throws: the person is still at the provider.
        here = new URL(signInWindow.location.href)
      } catch {
        return
      }
      if (here.origin === back.origin && here.pathname === back.pathname)
        end(() => resolve(here))
    }, pollMs)
    const deadline = setTimeout(
      () =>
        end(() =>
          reject(
            new OidcSignInError({
              reason: 'timeout',
              provider,
              details: `no answer within ${timeoutMs} ms`,
            }),
          ),
        ),
      timeoutMs,
    )
    if (signal.aborted) return abandon()
    signal.addEventListener('abort', abandon, { once: true })
    signInWindow.location.replace(url)
  })
}
