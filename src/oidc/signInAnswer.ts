// How a page tells that it was loaded with the answer of this pack's
// sign-in (the state's mark, the sign-in window's name): the connector asks
// before any of its code loads, at wagmi's reconnect.

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
