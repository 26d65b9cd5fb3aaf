import { signInWindowName } from './signInAnswer.js'

// How a sign-in leaves this page and comes back: the window opened in the
// person's tap, and, after a sign-in that went by redirect, the provider's
// answer taken off the page's own URL.

/**
 * Opens an empty sign-in window, in the person's tap: a window opened
 * after any download or request may be blocked. `undefined` where the
 * browser blocks it (then the sign-in goes by redirect) or outside one.
 */
export function openSignInWindow(): Window | undefined {
  if (typeof window === 'undefined') return undefined
  return (
    window.open(
      'about:blank',
      signInWindowName,
      'popup,width=500,height=640',
    ) ?? undefined
  )
}

/**
 * Opens the sign-in window now, in the person's tap, for `work`, which
 * signs in there after its own awaits; the window is closed when `work`
 * fails, so no blank window is left behind.
 */
export async function withSignInWindow<result>(
  work: (signInWindow: Window | undefined) => Promise<result>,
): Promise<result> {
  const signInWindow = openSignInWindow()
  try {
    return await work(signInWindow)
  } catch (error) {
    signInWindow?.close()
    throw error
  }
}

/** The sign-in's answer on this page's URL, and the URL without it (in the address bar and the history from now on). */
export function takeSignInAnswer(): URL {
  const answered = new URL(location.href)
  const clean = new URL(answered)
  clean.hash = ''
  for (const name of [
    'code',
    'state',
    'id_token',
    'error',
    'error_description',
    'iss',
    'session_state',
  ])
    clean.searchParams.delete(name)
  history.replaceState(history.state, '', clean)
  return answered
}
