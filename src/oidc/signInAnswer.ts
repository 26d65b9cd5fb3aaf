// A provider's answer on the page's own URL, after a sign-in that went by
// redirect: told apart from the host's own parameters by the state's mark,
// and removed from the address bar once read.

/** Every state this pack sends starts with it: another `state` parameter on the host's pages is the host's. */
export const signInStateMark = 'wcp-oidc-'

/** The name of the sign-in window: a page loaded in it leaves the answer to the page that opened it. */
export const signInWindowName = 'wagmi-connector-pack-sign-in'

const answerParameter = new RegExp(`[?#&]state=${signInStateMark}`)

/**
 * Whether this page was loaded with the answer of a sign-in that went by
 * redirect, for this page to finish: no request, no code loaded. In the
 * sign-in window, the page that opened it reads the answer.
 */
export function hasSignInAnswer(): boolean {
  return (
    typeof location !== 'undefined' &&
    answerParameter.test(location.href) &&
    !(window.opener && window.name === signInWindowName)
  )
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
