/**
 * WalletConnect's sign-client (2.21) checks an incoming `wc_sessionDelete`
 * without awaiting the check (`onSessionDeleteRequest` calls
 * `isValidDisconnect` inside its `try` but not with `await`), so when both
 * sides end a session at about the same time, the side that already deleted
 * it gets an unhandled rejection "Missing or invalid. Record was recently
 * deleted - session: …". A page only logs it; a Node test process would fail
 * on it though every test passed. This recognises exactly that rejection,
 * as an Error or as the plain object vitest hands its onUnhandledError hook.
 */
export function isSessionDeletedTwice(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { message, stack } = error as { message?: unknown; stack?: unknown }
  return (
    typeof message === 'string' &&
    message.startsWith(
      'Missing or invalid. Record was recently deleted - session:',
    ) &&
    typeof stack === 'string' &&
    stack.includes('isValidDisconnect')
  )
}
