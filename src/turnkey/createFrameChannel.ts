import { withTimeout } from '../core/deadlines.js'

/** An answer of the frame: `{ type, value, requestId }` (the vendor's iframe protocol). */
type FrameAnswer = {
  type?: unknown
  value?: unknown
  requestId?: unknown
}

/** The errors a caller gives the channel, in its own words. */
export type FrameChannelErrors = {
  /** The frame would be on this page's own origin, which could read it. */
  sameOrigin(): Error
  /** The frame did not load, or did not answer a request, in time. */
  timeout(): Error
  /** The frame was removed while a request still waited. */
  closed(): Error
  /** The frame announced something that is not a P-256 public key. */
  invalidKey(): Error
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
  url,
  container,
  title,
  timeoutMs,
  errors,
  hidden = false,
}: {
  url: string
  container: HTMLElement
  /** Names the frame for assistive technology. */
  title: string
  timeoutMs: number
  errors: FrameChannelErrors
  /** A frame with nothing to show (it only stamps) takes no room. */
  hidden?: boolean | undefined
}): Promise<FrameChannel> {
  const { origin } = new URL(url)
  // Same origin plus allow-same-origin would let this page read the frame.
  if (typeof location !== 'undefined' && origin === location.origin)
    throw errors.sameOrigin()
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
      () => errors.timeout(),
    ).finally(() => waiting.delete(key))

  let closed = false
  function destroy() {
    closed = true
    port.close()
    iframe.remove()
    for (const { reject } of waiting.values()) reject(errors.closed())
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
    throw errors.invalidKey()
  }

  return {
    publicKey,
    async request(type, fields) {
      if (closed) throw errors.closed()
      const requestId = crypto.randomUUID()
      const answer = answerTo(requestId)
      port.postMessage({ type, requestId, ...fields })
      return answer
    },
    destroy,
  }
}
