import { parentOrganizationId, vendorUrl } from 'virtual:sandbox'
import { Turnkey, type TurnkeyIframeClient } from '@turnkey/sdk-browser'
import {
  createExportFrame,
  type ExportFrame,
} from '../../src/export/exportFrame.js'

const container = () => document.querySelector<HTMLElement>('#export')!
let frame: ExportFrame | undefined
let vendorFrame: TurnkeyIframeClient | undefined

/** A call's outcome as plain data, so the test reads the error a host would get. */
function outcome<value>(promise: Promise<value>) {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: Error & { shortMessage?: string }) => ({
      ok: false as const,
      name: error.name,
      message: error.shortMessage ?? error.message,
    }),
  )
}

/** What e2e tests call in the page: the host side of an export, through createExportFrame. */
const harness = {
  /** A new frame in place of the last one; its one-time public key as `value`. */
  open(url: string, timeoutMs?: number) {
    frame?.destroy()
    frame = undefined
    return outcome(
      createExportFrame({ url, container: container(), timeoutMs }).then(
        (opened) => {
          frame = opened
          return opened.publicKey
        },
      ),
    )
  },
  injectWalletBundle: (bundle: string, organizationId: string) =>
    outcome(frame!.injectWalletBundle(bundle, organizationId)),
  injectKeyBundle: (bundle: string, organizationId: string, address: string) =>
    outcome(frame!.injectKeyBundle(bundle, organizationId, address)),

  /** The same frame driven by the vendor's own client (@turnkey/iframe-stamper); its key. */
  async openWithVendorSdk(url: string) {
    vendorFrame = await new Turnkey({
      apiBaseUrl: vendorUrl,
      defaultOrganizationId: parentOrganizationId,
    }).iframeClient({ iframeContainer: container(), iframeUrl: url })
    return vendorFrame.getEmbeddedPublicKey()
  },
  vendorSdkInjectWalletBundle: (bundle: string, organizationId: string) =>
    outcome(vendorFrame!.injectWalletExportBundle(bundle, organizationId)),
  vendorSdkEmbeddedPublicKey: () => vendorFrame!.getEmbeddedPublicKey(),
  /** A recovery code (credential bundle) given to the frame by the vendor's client. */
  vendorSdkInjectCredentialBundle: (bundle: string) =>
    outcome(vendorFrame!.injectCredentialBundle(bundle)),
  /** whoami, stamped inside the frame by the injected credential. */
  vendorSdkWhoami: () =>
    outcome(vendorFrame!.getWhoami({ organizationId: parentOrganizationId })),
}

declare global {
  interface Window {
    exportHarness: typeof harness
  }
}
window.exportHarness = harness
