/**
 * WalletConnect's sign-client (2.21) checks an incoming `wc_sessionDelete`
 * without awaiting the check (`onSessionDeleteRequest` calls
 * `isValidDisconnect` inside its `try` but not with `await`), so when both
 * sides end a session at about the same time, the side that already deleted
 * it gets an unhandled rejection "Missing or invalid. Record was recently
 * deleted - session: …". A page only logs it; a Node test process would fail
 * on it though every test passed. This recognises exactly that rejection.
 */
export function isSessionDeletedTwice(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return (
    error.message.startsWith(
      'Missing or invalid. Record was recently deleted - session:',
    ) && /isValidDisconnect/.test(error.stack ?? '')
  )
}
