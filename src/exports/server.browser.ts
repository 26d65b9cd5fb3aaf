import { formatMessage, packErrorVersion } from '../core/errors.js'

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
 * The one error of the pack that is not its BaseError: BaseError is viem's,
 * and viem's class alone is larger than this whole stub may be (a browser
 * bundle of the stub stays under 2 kB). It has the pack's shape otherwise:
 * name, `code`, `shortMessage`, the message's layout and version.
 */
class ServerOnlyError extends Error {
  override name = 'ServerOnlyError'
  static get code() {
    return 'server_only' as const
  }
  readonly code = ServerOnlyError.code
  readonly shortMessage =
    'wagmi-connector-pack/server is server-only: it signs with your parent API key, which must never reach a browser.'
  readonly docsPath = 'docs/backend.md'
  readonly metaMessages = [
    'Create the backend in server code only (a route handler, an API route), and call its routes from the page with fetch.',
  ]
  readonly version = packErrorVersion
  constructor() {
    super()
    this.message = formatMessage(this.shortMessage, undefined, this)
  }
}
