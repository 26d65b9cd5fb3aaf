import { isLocalRelayUrl } from './isLocalRelayUrl.js'
import { skipVerify } from './skipVerify.js'
import type { WalletConnectDeepLinkParameters } from './walletConnectDeepLink.js'

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
