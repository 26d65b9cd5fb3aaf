import { type CreateConnectorFn, extractRpcUrls } from '@wagmi/core'
import type { Listeners } from '../core/createListeners.js'
import { isLocalRelayUrl } from './isLocalRelayUrl.js'
import { skipVerify } from './skipVerify.js'
import type { WalletConnectDeepLinkParameters } from './walletConnectDeepLink.js'

/** `@walletconnect/ethereum-provider`, the optional peer, once imported. */
export type EthereumProviderModule = Pick<
  typeof import('@walletconnect/ethereum-provider'),
  'EthereumProvider'
>

/** The SDK's EIP-1193 provider. */
export type EthereumProvider = Awaited<
  ReturnType<EthereumProviderModule['EthereumProvider']['init']>
>

type ConnectorConfig = Parameters<CreateConnectorFn>[0]

// What the host's listeners on the stable provider hear from the SDK as is.
const forwardedEvents = [
  'accountsChanged',
  'chainChanged',
  'connect',
  'disconnect',
  'message',
  'session_delete',
]

/**
 * The SDK's provider for this connector: no QR modal (the host renders the
 * URI), every configured chain with its first RPC URL, stored state under
 * `storagePrefix`. Verify and telemetry, two WalletConnect services outside
 * the relay, follow the host's `verify` and `telemetry`; by default both are
 * off when the relay is on a loopback or private address (the sandbox),
 * where no wallet can check an attestation and the services are out of
 * reach, and as the SDK decides otherwise.
 *
 * Its wallet events go to `on`, and as they are to the host's `listeners`
 * (who listen on the connector's stable provider, outliving this one).
 */
export async function initEthereumProvider({
  sdk,
  parameters,
  config,
  listeners,
  on,
}: {
  sdk: EthereumProviderModule
  parameters: WalletConnectDeepLinkParameters
  config: ConnectorConfig
  listeners: Listeners
  on: {
    accountsChanged(accounts: string[]): void
    chainChanged(chainId: string): void
    /** The wallet ended the session (reported twice: session_delete, then disconnect). */
    sessionEnded(): void
  }
}): Promise<EthereumProvider> {
  const localRelay = isLocalRelayUrl(parameters.relayUrl)
  const rpcMap = Object.fromEntries(
    config.chains.flatMap((chain) => {
      const [url] = extractRpcUrls({ chain, transports: config.transports })
      return url ? [[chain.id, url]] : []
    }),
  )
  const provider = await sdk.EthereumProvider.init({
    projectId: parameters.projectId,
    metadata: parameters.metadata,
    relayUrl: parameters.relayUrl,
    showQrModal: false,
    // Every chain optional, none required: `chains` + `optionalChains` merge by index and lose chains.
    optionalChains: config.chains.map((chain) => chain.id) as [
      number,
      ...number[],
    ],
    rpcMap,
    disableProviderPing: true,
    customStoragePrefix: parameters.storagePrefix ?? 'wagmi-connector-pack',
    telemetryEnabled: parameters.telemetry ?? (localRelay ? false : undefined),
  })
  if (!(parameters.verify ?? !localRelay)) skipVerify(provider)
  provider.on('accountsChanged', on.accountsChanged)
  provider.on('chainChanged', on.chainChanged)
  provider.on('session_delete', on.sessionEnded)
  provider.on('disconnect', on.sessionEnded)
  for (const event of forwardedEvents)
    provider.on(event as never, (...args: unknown[]) =>
      listeners.emit(event, ...args),
    )
  return provider
}
