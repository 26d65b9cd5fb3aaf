import type { Address } from 'viem'
import { createStepRunner } from '../core/stepRunner.js'
import type { VendorClient } from '../turnkey/createVendorClient.js'
import type { Stamper } from '../turnkey/stampers.js'
import { createExportFrame, type ExportFrame } from './exportFrame.js'

/** What the user takes away: the wallet's seed phrase, or one account's private key. */
export type ExportKind = 'seed-phrase' | 'private-key'

export type ExportStep =
  | 'idle'
  /** The warning is shown; nothing happens until the user confirms. */
  | 'confirming'
  /** Loading the frame, then the passkey prompt and the vendor's export. */
  | 'verifying'
  /** The secret is on screen, inside the frame only. */
  | 'shown'

export type ExportSnapshot = {
  step: ExportStep
  kind: ExportKind | undefined
  error: Error | undefined
}

export type ExportFlow = {
  getSnapshot(): ExportSnapshot
  subscribe(listener: () => void): () => void
  /**
   * Shows the warning for `kind` and, meanwhile, loads the frame into
   * `container` (keep it hidden until the step is `verifying`), so that
   * confirming goes straight to the passkey prompt (iOS keeps the tap).
   */
  request(kind: ExportKind, container: HTMLElement): void
  /**
   * The user confirmed: asks for the passkey (a fresh assertion, never the
   * session key) and shows the secret inside the frame.
   */
  confirm(): Promise<void>
  /** Removes the frame and the secret with it. */
  close(): void
}

/** What the connected wallet lends the export flow. */
export type ExportAccess = {
  vendor: VendorClient
  /** Prompts the user: every export is authorised by the passkey itself. */
  passkeyStamper(): Stamper
  /** The connected account, its organization and wallet; throws when disconnected. */
  account(): Promise<{
    organizationId: string
    address: Address
    walletId: string
  }>
}

type Prepared = Awaited<ReturnType<ExportAccess['account']>> & {
  frame: ExportFrame
}

const idle: ExportSnapshot = { step: 'idle', kind: undefined, error: undefined }

/**
 * Export, framework-free: the secret is encrypted by the vendor to a key that
 * exists only inside a frame on another origin, and decrypted and shown only
 * there. The host page never holds it.
 */
export function createExportFlow({
  frameUrl,
  frameTimeoutMs,
  vendor,
  passkeyStamper,
  account,
}: ExportAccess & {
  frameUrl: string
  frameTimeoutMs?: number | undefined
}): ExportFlow {
  const steps = createStepRunner<ExportSnapshot>({
    first: idle,
    flow: 'export',
    order: 'request, confirm; close() starts again',
  })
  const { update, requireStep, runStep, refusal } = steps
  let frame: ExportFrame | undefined
  let prepared: Promise<Prepared> | undefined

  function removeFrame() {
    frame?.destroy()
    frame = undefined
    prepared = undefined
  }
  async function prepare(container: HTMLElement, signal: AbortSignal) {
    const target = await account()
    const opened = await createExportFrame({
      url: frameUrl,
      container,
      timeoutMs: frameTimeoutMs,
    })
    if (signal.aborted) {
      opened.destroy()
      throw refusal('confirm')
    }
    frame = opened
    return { ...target, frame: opened }
  }

  return {
    getSnapshot: steps.getSnapshot,
    subscribe: steps.subscribe,
    request(kind, container) {
      if (steps.getSnapshot().step === 'verifying') throw refusal('request')
      removeFrame()
      // A new request abandons the last one's late work.
      prepared = prepare(container, steps.abandonRunning())
      // Reported when the user confirms.
      prepared.catch(() => undefined)
      update({ step: 'confirming', kind, error: undefined })
    },
    async confirm() {
      requireStep('confirm', 'confirming')
      const { kind } = steps.getSnapshot()
      const ready = prepared
      if (!ready) throw refusal('confirm')
      await runStep(
        // A failed export leaves nothing on screen: the next request starts afresh.
        () => {
          removeFrame()
          return 'idle'
        },
        'verifying',
        async (throwIfReset) => {
          const {
            organizationId,
            address,
            walletId,
            frame: opened,
          } = await ready
          const target = { targetPublicKey: opened.publicKey }
          if (kind === 'seed-phrase') {
            const { exportBundle } = await vendor.submit<{
              exportBundle: string
            }>(
              'export_wallet',
              {
                type: 'ACTIVITY_TYPE_EXPORT_WALLET',
                organizationId,
                parameters: { walletId, ...target },
                resultKey: 'exportWalletResult',
              },
              passkeyStamper(),
            )
            throwIfReset()
            await opened.injectWalletBundle(exportBundle, organizationId)
          } else {
            const { exportBundle } = await vendor.submit<{
              exportBundle: string
            }>(
              'export_wallet_account',
              {
                type: 'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT',
                organizationId,
                parameters: { address, ...target },
                resultKey: 'exportWalletAccountResult',
              },
              passkeyStamper(),
            )
            throwIfReset()
            await opened.injectKeyBundle(exportBundle, organizationId, address)
          }
          return { step: 'shown' }
        },
      )
    },
    close() {
      steps.abandonRunning()
      removeFrame()
      update(idle)
    },
  }
}
