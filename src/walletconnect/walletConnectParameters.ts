import type { parseCaipAccount } from '../core/caip.js'
import type { Listeners } from '../core/connector.js'
import { type WalletDescriptor, walletIds } from '../wallets/walletRegistry.js'
import { InvalidWalletConnectParameterError } from './errors.js'

// walletConnectDeepLink's parameters, their check, and the connector's public
// types. The shell imports the types alone; the check loads with the runtime.

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

/**
 * walletConnectDeepLink()'s parameters, checked, with their defaults, and
 * the app scheme of a wallet the host described itself (allowed for its
 * links). Loaded with the runtime, so the host's first load carries no
 * checks: a bad option rejects connect() with
 * InvalidWalletConnectParameterError naming it, and never throws while the
 * host's config is created.
 */
export function parseWalletConnectParameters(
  parameters: WalletConnectDeepLinkParameters,
) {
  const invalid = (name: string, expected: string) =>
    new InvalidWalletConnectParameterError(name, expected)
  if (typeof parameters?.projectId !== 'string' || !parameters.projectId)
    throw invalid('projectId', 'your WalletConnect project id')
  if (
    parameters.relayUrl !== undefined &&
    (typeof parameters.relayUrl !== 'string' ||
      !/^wss?:\/\/[^/]+/.test(parameters.relayUrl))
  )
    throw invalid('relayUrl', 'a ws:// or wss:// URL')
  const deepLink = parameters.deepLink ?? 'native'
  if (deepLink !== 'native' && deepLink !== 'universal')
    throw invalid('deepLink', "'native' or 'universal'")
  const switching = parameters.switching ?? 'app'
  if (switching !== 'app' && switching !== 'wallet')
    throw invalid('switching', "'app' or 'wallet'")
  for (const name of ['verify', 'telemetry'] as const)
    if (parameters[name] !== undefined && typeof parameters[name] !== 'boolean')
      throw invalid(name, 'true or false')
  const { wallet: walletParameter } = parameters
  if (
    walletParameter !== undefined &&
    !(
      typeof walletParameter === 'object' &&
      walletParameter !== null &&
      walletParameter.id
    )
  )
    throw invalid('wallet', describeWalletExpected(walletParameter))
  // A wallet the host describes itself may use its own app scheme.
  const native = walletParameter ? walletParameter.walletConnect?.native : ''
  if (native !== undefined && typeof native !== 'string')
    throw invalid(
      'wallet',
      'a descriptor whose walletConnect.native is a string',
    )
  // URL schemes compare in lower case.
  const hostSchemes = native?.includes(':')
    ? [native.slice(0, native.indexOf(':') + 1).toLowerCase()]
    : []
  return { deepLink, switching, wallet: walletParameter, hostSchemes }
}

/** What `wallet` must be; for a registry id given as a string, the import that replaces it. */
function describeWalletExpected(wallet: unknown) {
  const known = (walletIds as readonly unknown[]).includes(wallet)
  return known
    ? `a wallet descriptor: \`import { ${wallet} } from 'wagmi-connector-pack/walletconnect'\`, then \`wallet: ${wallet}\``
    : `a wallet descriptor (${walletIds.join(', ')}, imported from 'wagmi-connector-pack/walletconnect', or your own)`
}
