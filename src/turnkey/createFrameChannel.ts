import { withTimeout } from '../core/deadlines.js'
import { BaseError } from '../core/errors.js'
import { isSecureUrl } from '../core/secureUrl.js'

/** An answer of the frame: `{ type, value, requestId }` (the vendor's iframe protocol). */
type FrameAnswer = {
  type?: unknown
  value?: unknown
  requestId?: unknown
}

/** Which isolated frame: recovery's (it holds a code's key) or export's (it shows the secret). */
export type FrameKind = 'recovery' | 'export'

/**
 * Why a frame failed: `insecureUrl`, not https (http only on this machine);
 * `sameOrigin`, on the page's own origin, which could read it; `timeout`, it
 * did not load or answer in time; `closed`, removed while a request waited;
 * `invalidKey`, it announced no P-256 key; `refused`, it refused a request,
 * in its own words.
 */
export type FrameErrorReason =
  | 'insecureUrl'
  | 'sameOrigin'
  | 'timeout'
  | 'closed'
  | 'invalidKey'
  | 'refused'

/** What each failure says, and what to do about it. */
function frameFailure(
  frame: FrameKind,
  reason: FrameErrorReason,
  words: string | undefined,
): [said: string, todo: string] {
  const option = frame === 'export' ? 'exportFrameUrl' : 'recovery.frameUrl'
  switch (reason) {
    case 'insecureUrl':
      return [
        `The ${frame} frame cannot be opened from this address.`,
        `Serve the ${frame} frame over https: (http://localhost and http://127.0.0.1 are allowed for development), and give its URL as \`${option}\`.`,
      ]
    case 'sameOrigin':
      return [
        `The ${frame} frame cannot be opened from this address.`,
        'The frame must be on another origin than this page, or the page could read the secret.',
      ]
    case 'timeout':
      return [
        `The ${frame} frame did not respond. Please try again.`,
        `Check that \`${option}\` serves the frame (wagmi-connector-pack/export-frame.html, or the vendor’s), that its container is in the document, and that this page’s Content-Security-Policy allows it in frame-src.`,
      ]
    case 'closed':
      return [`The ${frame} frame was closed.`, `Start the ${frame} again.`]
    case 'invalidKey':
      return [
        `The ${frame} frame announced an invalid public key.`,
        `Check that \`${option}\` serves the frame.`,
      ]
    case 'refused':
      return [
        words ?? `The ${frame} frame refused the request.`,
        frame === 'export'
          ? 'Open a new export frame, request the export for its public key, and inject it with the organization the wallet belongs to.'
          : 'Start the recovery again with a new code.',
      ]
  }
}

export type FrameErrorType = FrameError & { name: 'FrameError' }
/**
 * The isolated recovery or export frame failed; `frame` and `reason` say
 * which and why, and nothing was changed. With `reason` `'refused'` the
 * message is the frame's own sentence (e.g. the bundle belongs to another
 * organization), which the frame also shows to the user.
 */
export class FrameError extends BaseError {
  override name = 'FrameError'
  static get code() {
    return 'frame_failed' as const
  }
  readonly frame: FrameKind
  readonly reason: FrameErrorReason
  readonly url: string
  constructor({
    frame,
    reason,
    url,
    timeoutMs,
    words,
  }: {
    frame: FrameKind
    reason: FrameErrorReason
    url: string
    timeoutMs?: number | undefined
    /** The frame's own sentence, for `refused`. */
    words?: string | undefined
  }) {
    const [said, todo] = frameFailure(frame, reason, words)
    super(said, {
      code: FrameError.code,
      details:
        reason === 'timeout'
          ? `no answer from ${url} within ${timeoutMs} ms`
          : `url: ${url}`,
      metaMessages: [todo],
    })
    this.frame = frame
    this.reason = reason
    this.url = url
  }
}

export type FrameChannel = {
  /** The frame's embedded key, uncompressed P-256 hex: what the vendor encrypts to. */
  publicKey: string
  /** Sends one request and waits for its answer (matched by request id). */
  request(type: string, fields: Record<string, string>): Promise<FrameAnswer>
  /** Removes the frame, and everything it holds, from the page. */
  destroy(): void
}

/**
 * Opens an isolated frame on another origin in `container` and speaks the
 * vendor's iframe protocol (the frame announces its key, then answers
 * requests matched by id) with it over a private MessageChannel:
 * the frame holds its own key, decrypts what is encrypted to it and answers
 * requests, so the host page never holds the secret. Resolves once the frame
 * announced its key.
 */
export async function createFrameChannel({
  frame,
  url,
  container,
  title,
  timeoutMs,
  hidden = false,
}: {
  frame: FrameKind
  url: string
  container: HTMLElement
  /** Names the frame for assistive technology. */
  title: string
  timeoutMs: number
  /** A frame with nothing to show (it only stamps) takes no room. */
  hidden?: boolean | undefined
}): Promise<FrameChannel> {
  const failed = (reason: FrameErrorReason) =>
    new FrameError({ frame, reason, url, timeoutMs })
  // Loaded without anyone in between, or not at all.
  if (!isSecureUrl(url)) throw failed('insecureUrl')
  const { origin } = new URL(url)
  // Same origin plus allow-same-origin would let this page read the frame.
  if (typeof location !== 'undefined' && origin === location.origin)
    throw failed('sameOrigin')
  const iframe = document.createElement('iframe')
  iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin')
  iframe.title = title
  iframe.referrerPolicy = 'no-referrer'
  if (hidden) iframe.style.display = 'none'
  iframe.src = url

  // Answers come back on a private channel, matched by request id; the key
  // announcement has none, so it waits under its own type.
  const { port1: port, port2 } = new MessageChannel()
  const waiting = new Map<
    unknown,
    { resolve(answer: FrameAnswer): void; reject(error: Error): void }
  >()
  port.onmessage = ({ data }: MessageEvent<FrameAnswer>) =>
    waiting.get(data?.requestId ?? data?.type)?.resolve(data)
  const answerTo = (key: string) =>
    withTimeout(
      new Promise<FrameAnswer>((resolve, reject) =>
        waiting.set(key, { resolve, reject }),
      ),
      timeoutMs,
      () => failed('timeout'),
    ).finally(() => waiting.delete(key))

  let closed = false
  function destroy() {
    closed = true
    port.close()
    iframe.remove()
    for (const { reject } of waiting.values()) reject(failed('closed'))
  }

  const announced = answerTo('PUBLIC_KEY_READY')
  iframe.addEventListener(
    'load',
    () =>
      iframe.contentWindow?.postMessage(
        { type: 'TURNKEY_INIT_MESSAGE_CHANNEL' },
        origin,
        [port2],
      ),
    { once: true },
  )
  container.append(iframe)
  const { value: publicKey } = await announced.catch((error: unknown) => {
    destroy()
    throw error
  })
  if (typeof publicKey !== 'string' || !/^04[0-9a-f]{128}$/i.test(publicKey)) {
    destroy()
    throw failed('invalidKey')
  }

  return {
    publicKey,
    async request(type, fields) {
      if (closed) throw failed('closed')
      const requestId = crypto.randomUUID()
      const answer = answerTo(requestId)
      port.postMessage({ type, requestId, ...fields })
      return answer
    },
    destroy,
  }
}
