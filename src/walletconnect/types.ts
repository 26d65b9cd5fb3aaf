import type { parseCaipAccount } from '../core/caip.js'
import type { Listeners } from '../core/connector.js'
import type { WalletDescriptor } from '../wallets/walletRegistry.js'

// walletConnectDeepLink's public types. The shell and the runtime both import
// them from here, so that neither imports the other for its types.

/** Which link opens the wallet on a phone: its app scheme (`native`) or its https link (`universal`). */
export type DeepLinkPreference = 'native' | 'universal'

export type WalletConnectDeepLinkParameters = {
  /** Your WalletConnect Cloud project id. */
  projectId: string
  /** What the wallet shows about your app. */
  metadata?:
    | { name: string; description: string; url: string; icons: string[] }
    | undefined
  /** The relay; WalletConnect's own by default. */
  relayUrl?: string | undefined
  /** Which link opens the wallet on a phone: its app scheme (default) or its https link. */
  deepLink?: DeepLinkPreference | undefined
  /**
   * The wallet whose links open it on a phone: a registry descriptor
   * imported by name (`import { trust } from 'wagmi-connector-pack/walletconnect'`)
   * or one of your own; otherwise the session's redirect metadata.
   */
  wallet?: WalletDescriptor | undefined
  /**
   * `app` (default): the app may switch to any chain the session approved.
   * `wallet`: networks change only in the wallet.
   */
  switching?: 'app' | 'wallet' | undefined
  /**
   * Names the SDK's stored state. Two WalletConnect connectors on one page
   * (or two configs in one process) each need their own; a stable value keeps
   * the session across reloads.
   */
  storagePrefix?: string | undefined
  /**
   * WalletConnect's Verify: before each proposal and each request for the
   * user, the SDK has `verify.walletconnect.org` attest this page's origin
   * (in a hidden iframe, waiting up to 5 s), and wallets show the app as
   * verified or not. Default: on, except with a `relayUrl` on a loopback or
   * private address (the sandbox, your own relay), where no wallet checks an
   * attestation and the service may be out of reach.
   */
  verify?: boolean | undefined
  /**
   * The SDK's telemetry (`pulse.walletconnect.org`). Default: the SDK's
   * (on), except off with a `relayUrl` on a loopback or private address.
   */
  telemetry?: boolean | undefined
}

/** The pairing on screen: show `qr` as a QR code, or open `deepLink` on a phone. */
export type WalletConnectPairing = {
  uri: string
  qr: string
  deepLink: string | undefined
  /** 1 for the first URI; a new URI replaces an expired one, up to 10. */
  attempt: number
  /** Unix ms after which the URI no longer pairs. */
  expiresAt: number
}

/** What walletConnectDeepLink adds to wagmi's connector (`config.connectors` loses it: cast to `Connector & WalletConnectDeepLinkProperties`). */
export type WalletConnectDeepLinkProperties = {
  /**
   * Gets a pairing ready before connect(): loads the SDK, opens the relay
   * socket and makes a proposal, renewed before it expires while the page
   * is visible (within the 10 automatic attempts). connect() then emits
   * `display_uri` before it awaits anything, so a click handler can open
   * the wallet with it in the same tap. Idempotent; resolves once the URI
   * exists, never rejects (connect() reports what failed); does nothing on
   * the server or once connected.
   */
  prepare(): Promise<void>
  /** The pairing URI on screen, with its QR payload and deep link; `undefined` when none. */
  getPairing(): WalletConnectPairing | undefined
  /** Every account of the session, in any namespace, parsed (eip155 ones feed wagmi). */
  getSessionAccounts(): ReturnType<typeof parseCaipAccount>[]
}

/** The connector's stable EIP-1193 provider: the same object before, during and after a session. */
export type WalletConnectProvider = {
  request(args: { method: string; params?: unknown }): Promise<any>
} & Pick<Listeners, 'on' | 'once' | 'removeListener'>
