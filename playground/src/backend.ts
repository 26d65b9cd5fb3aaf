/** Calls the playground's stand-in host backend (playground/hostBackend.ts). */
export async function backend(path: string, request: unknown) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request),
  })
  const body = await response.json()
  if (!response.ok) throw new Error(body.error ?? `${path} failed`)
  return body
}
