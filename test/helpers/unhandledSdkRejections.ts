/**
 * The WalletConnect SDK's own unread rejections, which a test process may pass
 * over because a page only logs them, each recogniser for one flaw of the SDK.
 */

/**
 * WalletConnect's sign-client (2.21) handles an incoming `wc_sessionDelete`
 * and its own `disconnect()` without guarding one against the other, so when
 * both sides end a session at about the same time, whichever runs second
 * finds the session or its key already gone and rejects where nobody can
 * catch it (inside the SDK):
 * - `onSessionDeleteRequest` checks the request with `isValidDisconnect`
 *   (not awaited): "Missing or invalid. Record was recently deleted - session: …";
 * - `onSessionDeleteRequest` answers the request with `sendResult` after the
 *   key was deleted: "No matching key. keychain: …";
 * - `disconnect()`'s publish callback calls `deleteSession` after the
 *   request deleted it: "Missing or invalid. Record was recently deleted - session: …".
 * A page only logs these; a Node test process would fail on them though
 * every test passed. This recognises exactly those three rejections, as an
 * Error or as the plain object vitest hands its onUnhandledError hook.
 */
export function isSessionDeletedTwice(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { message, stack } = error as { message?: unknown; stack?: unknown }
  if (typeof message !== 'string' || typeof stack !== 'string') return false
  if (message.startsWith('No matching key. keychain:'))
    return stack.includes('onSessionDeleteRequest')
  if (
    message.startsWith(
      'Missing or invalid. Record was recently deleted - session:',
    )
  )
    return (
      stack.includes('isValidDisconnect') ||
      (stack.includes('deleteSession') && stack.includes('rpcPublish'))
    )
  return false
}

/**
 * The same SDK's delayed promise for a proposal's approval (utils'
 * `createDelayedPromise`) keeps, when the proposal expires 5 minutes on, a
 * `Promise.reject(new Error('Proposal expired'))` that nothing ever reads;
 * the approval itself, which the pack awaits, rejects apart. A proposal left
 * to expire (a pairing cancelled or renewed) logs it in a page; in a test
 * process whose files share a worker it may fire during a later file. This
 * recognises exactly that rejection: its message, raised by the SDK's timer.
 */
export function isUnreadProposalExpiry(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { message, stack } = error as { message?: unknown; stack?: unknown }
  return (
    message === 'Proposal expired' &&
    typeof stack === 'string' &&
    /@walletconnect[\\/]utils[\\/]/.test(stack) &&
    stack.includes('_onTimeout')
  )
}

const ignoring = Symbol.for('wagmi-connector-pack.ignoreSessionDeletedTwice')

/**
 * Lets a Playwright worker that runs a sandbox wallet in Node pass over those
 * three rejections, as vitest's `onUnhandledError` does: every other unhandled
 * rejection still reaches the listeners the worker had (Playwright's, which
 * fails the test).
 */
export function ignoreSessionDeletedTwice() {
  const state = process as unknown as Record<symbol, boolean>
  if (state[ignoring]) return
  state[ignoring] = true
  const listeners = process.listeners('unhandledRejection')
  process.removeAllListeners('unhandledRejection')
  process.on('unhandledRejection', (reason, promise) => {
    if (isSessionDeletedTwice(reason)) return
    for (const listener of listeners) listener(reason, promise)
  })
}
