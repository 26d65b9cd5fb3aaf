import { BaseError } from '../core/errors.js'

export type ExportFrameUrlErrorType = ExportFrameUrlError & {
  name: 'ExportFrameUrlError'
}
/** The export frame would be loaded over a connection others can tamper with. */
export class ExportFrameUrlError extends BaseError {
  override name = 'ExportFrameUrlError'
  static get code() {
    return 'export_frame_url_insecure' as const
  }
  constructor({
    url,
    sameOrigin = false,
  }: {
    url: string
    sameOrigin?: boolean
  }) {
    super('The export frame cannot be opened from this address.', {
      code: ExportFrameUrlError.code,
      details: `url: ${url}`,
      metaMessages: [
        sameOrigin
          ? 'The frame must be on another origin than this page, or the page could read the secret.'
          : 'Serve the export frame over https: (http://localhost and http://127.0.0.1 are allowed for development).',
      ],
    })
  }
}

export type ExportFrameTimeoutErrorType = ExportFrameTimeoutError & {
  name: 'ExportFrameTimeoutError'
}
/** The frame did not load or did not answer in time. */
export class ExportFrameTimeoutError extends BaseError {
  override name = 'ExportFrameTimeoutError'
  static get code() {
    return 'export_frame_timeout' as const
  }
  constructor({ url, timeoutMs }: { url: string; timeoutMs: number }) {
    super('The export frame did not respond. Please try again.', {
      code: ExportFrameTimeoutError.code,
      details: `no answer from ${url} within ${timeoutMs} ms`,
      metaMessages: [
        'Check that the URL serves the export frame, that the container is in the document, and that this page’s Content-Security-Policy allows it in frame-src.',
      ],
    })
  }
}

export type ExportFrameErrorType = ExportFrameError & {
  name: 'ExportFrameError'
}
/**
 * The frame refused the request; `shortMessage` is the frame's own sentence
 * (e.g. the bundle belongs to another organization), which the frame also
 * shows to the user.
 */
export class ExportFrameError extends BaseError {
  override name = 'ExportFrameError'
  static get code() {
    return 'export_refused' as const
  }
  constructor({ message }: { message: string }) {
    super(message, {
      code: ExportFrameError.code,
      metaMessages: [
        'Open a new export frame, request the export for its public key, and inject it with the organization the wallet belongs to.',
      ],
    })
  }
}

export type ExportFrameClosedErrorType = ExportFrameClosedError & {
  name: 'ExportFrameClosedError'
}
/** `destroy()` was called while a request was still waiting for the frame. */
export class ExportFrameClosedError extends BaseError {
  override name = 'ExportFrameClosedError'
  static get code() {
    return 'export_frame_closed' as const
  }
  constructor() {
    super('The export frame was closed.', {
      code: ExportFrameClosedError.code,
      metaMessages: ['Create a new export frame to export again.'],
    })
  }
}
