import type { WalletConnectDeepLinkParameters } from './walletConnectParameters.js'

// The SDK's sign client, started as the host's options say (docs/walletconnect.md,
// The SDK, and Verify, telemetry and a local relay): its relay, Verify and
// telemetry, and the sessions it must not keep.

/** `@walletconnect/sign-client`, the optional peer, once imported. */
export type SignClientModule = Pick<
  typeof import('@walletconnect/sign-client'),
  'SignClient'
>

export type SignClient = Awaited<
  ReturnType<SignClientModule['SignClient']['init']>
>

/**
 * The SDK's sign client for this connector: no QR modal, no provider
 * wrapper, its state stored under `storagePrefix`. Verify and telemetry, two
 * WalletConnect services outside the relay, follow the host's `verify` and
 * `telemetry`; by default both are off when the relay is on a loopback or
 * private address (the sandbox), where no wallet can check an attestation
 * and the services are out of reach, and as the SDK decides otherwise.
 */
export async function createSignClient(
  sdk: SignClientModule,
  parameters: WalletConnectDeepLinkParameters,
) {
  const localRelay = isLocalRelayUrl(parameters.relayUrl)
  const client = await sdk.SignClient.init({
    projectId: parameters.projectId,
    metadata: parameters.metadata,
    relayUrl: parameters.relayUrl,
    customStoragePrefix: parameters.storagePrefix ?? 'wagmi-connector-pack',
    telemetryEnabled: parameters.telemetry ?? (localRelay ? false : undefined),
  })
  if (!(parameters.verify ?? !localRelay)) skipVerify(client)
  return client
}

/** The reason sent when the connector ends a session. */
export const userDisconnected = { code: 6000, message: 'User disconnected.' }

/**
 * Ends every session the SDK holds but `kept`, each as far as the relay
 * lets it: sessions the connector let go of (a disconnect that could not
 * reach the relay) must not come back, on this visit or a later one.
 */
export function endSessionsOtherThan(
  client: SignClient,
  kept: string | undefined,
) {
  return Promise.all(
    client.session
      .getAll()
      .filter(({ topic }) => topic !== kept)
      .map(({ topic }) =>
        client
          .disconnect({ topic, reason: userDisconnected })
          .catch(() => undefined),
      ),
  )
}

function isPrivateIpv4(host: string) {
  const parts = host.split('.').map(Number)
  if (
    parts.length !== 4 ||
    parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)
  )
    return false
  const [a, b] = parts as [number, number, number, number]
  return (
    a === 127 || // loopback
    a === 10 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) || // link-local
    (a === 0 && parts.every((part) => part === 0))
  )
}

function isPrivateIpv6(host: string) {
  if (host === '::1') return true
  // IPv4-mapped (the URL parser writes ::ffff:127.0.0.1 as ::ffff:7f00:1).
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host)
  if (mapped) {
    const high = Number.parseInt(mapped[1]!, 16)
    const low = Number.parseInt(mapped[2]!, 16)
    return isPrivateIpv4([high >> 8, high & 255, low >> 8, low & 255].join('.'))
  }
  // fc00::/7 unique local, fe80::/10 link-local.
  return /^f[cd][0-9a-f]{0,2}:/.test(host) || /^fe[89ab][0-9a-f]?:/.test(host)
}

/**
 * Whether a relay URL points at this machine or a private network
 * (`localhost`, `*.localhost`, 127.0.0.0/8, ::1, 10/8, 172.16/12,
 * 192.168/16, link-local, fc00::/7): the sandbox's relay, a developer's own.
 * WalletConnect's relay (no `relayUrl`) and any public host are not.
 */
export function isLocalRelayUrl(relayUrl: string | undefined): boolean {
  if (relayUrl === undefined) return false
  let host: string
  try {
    // A fully qualified name may end in a dot (`localhost.`).
    host = new URL(relayUrl).hostname.toLowerCase().replace(/\.$/, '')
  } catch {
    return false
  }
  if (host.startsWith('[') && host.endsWith(']'))
    return isPrivateIpv6(host.slice(1, -1))
  if (host === 'localhost' || host.endsWith('.localhost')) return true
  return isPrivateIpv4(host)
}

type VerifyHolder = {
  core?: { verify?: { register?: (...args: never[]) => unknown } }
}

/**
 * Stops the SDK's Verify step for this sign client's core, as it already is
 * outside browsers: before each proposal and each request that needs the
 * user, `core.verify.register()` opens a hidden iframe to the fixed
 * `https://verify.walletconnect.org/v3/attestation` and waits up to 5 s for
 * an attestation of the page's origin, which a wallet may then show as
 * verified. Replaced by a function answering "no attestation" at once (what
 * the SDK itself returns in Node), messages go out without one, exactly as
 * a Node dapp's do. Returns false, changing nothing, when the SDK no longer
 * has that shape: Verify then runs as the SDK decides.
 *
 * The core is the SDK's per-`customStoragePrefix` shared one: every client
 * on that prefix (same relay) is affected alike.
 */
export function skipVerify(client: VerifyHolder): boolean {
  const verify = client.core?.verify
  if (typeof verify?.register !== 'function') return false
  verify.register = async () => undefined
  return true
}
