/**
 * What a browser bundle gets for `wagmi-connector-pack/server` (the package's
 * "browser" condition): no server code, and a loud failure where the page
 * would create the backend. The handlers sign with the parent organization's
 * API key, which must stay on the server.
 */
export function createPasskeyBackend(): never {
  throw new Error(
    'wagmi-connector-pack/server is server-only: it signs with your parent API key, which must never reach a browser. Create the backend in server code only (a route handler, an API route), and call its routes from the page with fetch. See docs/backend.md.',
  )
}
