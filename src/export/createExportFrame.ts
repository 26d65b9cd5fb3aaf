import { withTimeout } from '../core/withTimeout.js'
import {
  ExportFrameClosedError,
  ExportFrameError,
  ExportFrameTimeoutError,
  ExportFrameUrlError,
} from './errors.js'
import { isAllowedFrameUrl } from './isAllowedFrameUrl.js'

export type ExportFrame = {
  /**
   * The frame's one-time key (uncompressed P-256 hex): the `targetPublicKey`
   * of one `export_wallet` or `export_wallet_account` call. It opens a single
   * bundle; create a new frame for the next export.
   */
  publicKey: string
  /** Shows the wallet's recovery phrase inside the frame. */
  injectWalletBundle(bundle: string, organizationId: string): Promise<void>
  /** Shows the account's private key (0x hex) inside the frame. */
  injectKeyBundle(
    bundle: string,
    organizationId: string,
    address: string,
  ): Promise<void>
  /** Removes the frame, and the secret it shows, from the page. */
  destroy(): void
}

type Answer = { type?: unknown; value?: unknown; requestId?: unknown }

/** The frame's origin, if the frame can be loaded without anyone in between. */
function frameOrigin(url: string) {
  if (!isAllowedFrameUrl(url)) throw new ExportFrameUrlError({ url })
  const { origin } = new URL(url)
  // Same origin plus allow-same-origin would let this page read the frame.
  if (typeof location !== 'undefined' && origin === location.origin)
    throw new ExportFrameUrlError({ url, sameOrigin: true })
  return origin
}

/**
 * Opens the export frame (notes §6) in `container`: an isolated page on
 * another origin that decrypts export bundles and shows the secret itself,
 * so the host page never holds it. Resolves once the frame announced its
 * key; rejects with ExportFrameTimeoutError when the frame, or later its
 * answer to a bundle, takes longer than `timeoutMs`.
 */
export async function createExportFrame({
  url,
  container,
  timeoutMs = 10_000,
}: {
  /** Where the frame is served, e.g. `defaultExportFrameUrl`. */
  url: string
  container: HTMLElement
  timeoutMs?: number | undefined
}): Promise<ExportFrame> {
  const origin = frameOrigin(url)
  const iframe = document.createElement('iframe')
  iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin')
  iframe.title = 'Wallet export'
  iframe.referrerPolicy = 'no-referrer'
  iframe.src = url

  // Answers come back on a private channel, matched by request id; the key
  // announcement has none, so it waits under its own type.
  const { port1: port, port2 } = new MessageChannel()
  const waiting = new Map<
    unknown,
    { resolve(answer: Answer): void; reject(error: Error): void }
  >()
  port.onmessage = ({ data }: MessageEvent<Answer>) =>
    waiting.get(data?.requestId ?? data?.type)?.resolve(data)
  const answerTo = (key: string) =>
    withTimeout(
      new Promise<Answer>((resolve, reject) =>
        waiting.set(key, { resolve, reject }),
      ),
      timeoutMs,
      () => new ExportFrameTimeoutError({ url, timeoutMs }),
    ).finally(() => waiting.delete(key))

  let closed = false
  function destroy() {
    closed = true
    port.close()
    iframe.remove()
    for (const { reject } of waiting.values())
      reject(new ExportFrameClosedError())
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
    throw new ExportFrameError({
      message: 'The export frame announced an invalid public key.',
    })
  }

  async function request(type: string, fields: Record<string, string>) {
    if (closed) throw new ExportFrameClosedError()
    const requestId = crypto.randomUUID()
    const answer = answerTo(requestId)
    port.postMessage({ type, requestId, ...fields })
    const { type: answerType, value } = await answer
    if (answerType !== 'BUNDLE_INJECTED')
      throw new ExportFrameError({
        message:
          answerType === 'ERROR'
            ? String(value)
            : 'The export frame gave an unexpected answer.',
      })
  }

  return {
    publicKey,
    injectWalletBundle: (bundle, organizationId) =>
      request('INJECT_WALLET_EXPORT_BUNDLE', { value: bundle, organizationId }),
    injectKeyBundle: (bundle, organizationId, address) =>
      request('INJECT_KEY_EXPORT_BUNDLE', {
        value: bundle,
        organizationId,
        keyFormat: 'HEXADECIMAL',
        address,
      }),
    destroy,
  }
}
