import { InvalidEmailCodeError } from '../core/emailCode.js'
import { fromBase64Url } from '../core/encodings.js'
import {
  createFrameChannel,
  FrameError,
} from '../turnkey/createFrameChannel.js'
import type { Stamper } from '../turnkey/stampers.js'

/** A recovery code's key, held by the isolated frame: the page gets stamps, never the key. */
export type CodeKey = {
  /** Compressed P-256 point, hex: how the vendor lists the key. */
  publicKey: string
  stamper: Stamper
}

/** The isolated frame a recovery code is encrypted to and opened in. */
export type CodeFrame = {
  /** Uncompressed P-256 hex: the `targetPublicKey` the code is encrypted to. */
  publicKey: string
  /** Gives the frame the pasted code; the frame keeps the key and stamps with it. */
  open(code: string): Promise<CodeKey>
  /** Removes the frame, and the key with it. */
  destroy(): void
}

/** The X-Stamp header value: base64url JSON `{ publicKey, scheme, signature }`. */
function stampPublicKey(value: unknown) {
  try {
    const { publicKey } = JSON.parse(
      new TextDecoder().decode(fromBase64Url(String(value))),
    ) as { publicKey?: unknown }
    return typeof publicKey === 'string' ? publicKey : undefined
  } catch {
    return undefined
  }
}

/**
 * Opens the isolated frame (the vendor's iframe-stamper protocol) for one
 * recovery code: the vendor encrypts the code to the frame's key, the frame
 * decrypts it and stamps the recovery's requests. The frame is hidden: it
 * shows nothing, and the page never holds the code's key.
 */
export async function createCodeFrame({
  url,
  container = document.body,
  timeoutMs = 10_000,
}: {
  url: string
  container?: HTMLElement | undefined
  timeoutMs?: number | undefined
}): Promise<CodeFrame> {
  /** The frame refused a request, in its own words or ours. */
  const refused = (words: string) =>
    new FrameError({ frame: 'recovery', reason: 'refused', url, words })
  const channel = await createFrameChannel({
    frame: 'recovery',
    url,
    container,
    title: 'Account recovery',
    timeoutMs,
    hidden: true,
  })

  async function stamp(body: string) {
    const { type, value } = await channel.request('STAMP_REQUEST', {
      value: body,
    })
    if (type !== 'STAMP' || typeof value !== 'string')
      throw refused(
        type === 'ERROR'
          ? String(value)
          : 'The recovery frame did not stamp the request.',
      )
    return value
  }

  return {
    publicKey: channel.publicKey,
    async open(code) {
      const { type, value } = await channel.request(
        'INJECT_CREDENTIAL_BUNDLE',
        { value: code },
      )
      if (type !== 'BUNDLE_INJECTED')
        throw new InvalidEmailCodeError({
          purpose: 'recovery',
          reason: `the recovery frame refused the code: ${String(value)}`,
        })
      // A stamp over nothing names the key without sending anything anywhere.
      const publicKey = stampPublicKey(await stamp(''))
      if (!publicKey)
        throw refused('The recovery frame stamped without a public key.')
      return {
        publicKey,
        stamper: {
          kind: 'session',
          stamp: async (body) => ({
            header: 'X-Stamp',
            value: await stamp(body),
          }),
        },
      }
    },
    destroy: channel.destroy,
  }
}
