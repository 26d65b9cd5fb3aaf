/**
 * Calls the playground's host backend (playground/hostBackend.ts) as a host
 * app does: the `fetch` Response goes to the pack as it is, which reads its
 * JSON and turns a failure into a HostBackendError naming the call.
 */
export function backend(path: string, request: unknown) {
  return fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  })
}
