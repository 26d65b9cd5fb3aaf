/**
 * Calls the playground's host backend (playground/hostBackend.ts) as a host
 * app does: the `fetch` Response goes to the pack as it is, which reads its
 * JSON and turns a failure into a HostBackendError naming the call. The
 * pack's `signal` cancels the request at its deadline (`backendTimeoutMs`).
 */
export function backend(
  path: string,
  request: unknown,
  { signal }: { signal: AbortSignal },
) {
  return fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
    signal,
  })
}
