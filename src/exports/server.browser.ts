import { BaseError } from '../core/errors.js'

/**
 * What a browser bundle gets for `wagmi-connector-pack/server` (the package's
 * "browser" condition): no server code, and a loud failure where the page
 * would create the backend. The handlers sign with the parent organization's
 * API key, which must stay on the server.
 */
export function createPasskeyBackend(): never {
  throw new ServerOnlyError()
}

/**
 * A BaseError like every other error of the pack. Its viem and wagmi roots
 * weigh nothing extra in a wagmi app, which bundles both already; only a
 * bundle of this stub alone carries them.
 */
class ServerOnlyError extends BaseError {
  override name = 'ServerOnlyError'
  static get code() {
    return 'server_only' as const
  }
  constructor() {
    super(
      'wagmi-connector-pack/server is server-only: it signs with your parent API key, which must never reach a browser.',
      {
        code: ServerOnlyError.code,
        docsPath: 'docs/backend.md',
        metaMessages: [
          'Create the backend in server code only (a route handler, an API route), and call its routes from the page with fetch.',
        ],
      },
    )
  }
}
