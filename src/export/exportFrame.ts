import {
  createFrameChannel,
  FrameError,
} from '../turnkey/createFrameChannel.js'

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

/**
 * Opens the export frame (the vendor's iframe-stamper protocol) in
 * `container`: an isolated page on another origin that decrypts export
 * bundles and shows the secret itself, so the host page never holds it.
 * Resolves once the frame announced its key; rejects with FrameError (its
 * `reason` `'timeout'`) when the frame, or later its answer to a bundle,
 * takes longer than `timeoutMs`.
 */
export async function createExportFrame({
  url,
  container,
  timeoutMs = 10_000,
}: {
  /** Where the frame is served: passkeyWallet's `exportFrameUrl`. */
  url: string
  container: HTMLElement
  timeoutMs?: number | undefined
}): Promise<ExportFrame> {
  const channel = await createFrameChannel({
    frame: 'export',
    url,
    container,
    title: 'Wallet export',
    timeoutMs,
  })

  async function request(type: string, fields: Record<string, string>) {
    const { type: answerType, value } = await channel.request(type, fields)
    if (answerType !== 'BUNDLE_INJECTED')
      throw new FrameError({
        frame: 'export',
        reason: 'refused',
        url,
        words:
          answerType === 'ERROR'
            ? String(value)
            : 'The export frame gave an unexpected answer.',
      })
  }

  return {
    publicKey: channel.publicKey,
    injectWalletBundle: (bundle, organizationId) =>
      request('INJECT_WALLET_EXPORT_BUNDLE', { value: bundle, organizationId }),
    injectKeyBundle: (bundle, organizationId, address) =>
      request('INJECT_KEY_EXPORT_BUNDLE', {
        value: bundle,
        organizationId,
        keyFormat: 'HEXADECIMAL',
        address,
      }),
    destroy: channel.destroy,
  }
}
