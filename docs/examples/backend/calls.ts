// backend/calls.ts: passkeyWallet's calls to your backend's four routes.
// `signal` aborts at passkeyWallet's deadline (backendTimeoutMs): the request is cancelled.
export const post =
  (path: string) =>
  (request: unknown, { signal }: { signal: AbortSignal }) =>
    fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
      signal,
    })

export const createAccount = post('/api/create-account')
export const emailCode = {
  send: post('/api/send-email-code'),
  verify: post('/api/verify-email-code'),
}
export const recovery = { start: post('/api/start-recovery') }
