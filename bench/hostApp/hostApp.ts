import {
  type CreateConnectorFn,
  connect,
  createConfig,
  disconnect,
  getConnection,
  http,
  reconnect,
  signMessage,
} from '@wagmi/core'
import { type SandboxChainUrls, sandboxChains } from '../../sandbox/chains.js'

/**
 * A host app as the docs tell one to write it, with no test shim: a wagmi
 * config holding one WalletConnect connector on the sandbox's chains and
 * relay, a "Connect wallet" button (hovering it prepares the pairing where
 * the connector can), the pairing URI, a signature, a disconnect. Built by
 * Vite for production (buildHostApp.ts) and driven by e2e tests and the
 * bench through the page and `window.host`.
 *
 * Query: `relay` (the relay URL), `rpc` (JSON, chain id → URL), `wallet=example`
 * (a wallet the host describes itself, whose app link opens on the tap).
 */
export type HostOptions = {
  relayUrl: string
  metadata: { name: string; description: string; url: string; icons: [] }
  /** `?wallet=example`: a wallet outside the registry, described by the host. */
  wallet:
    | { id: string; name: string; walletConnect: { native: string } }
    | undefined
}

type PreparingConnector = { prepare?: () => Promise<void> }
type PairingConnector = { getPairing?: () => { deepLink?: string } | undefined }

export type HostUri = {
  uri: string
  /** Emitted while the click handler that called connect() was still running. */
  inTap: boolean
  /** The browser still counted the user's activation (a link may open). */
  userActivation: boolean | undefined
  /** `performance.now()`. */
  at: number
}

export function startHostApp(
  createConnectorFn: (options: HostOptions) => CreateConnectorFn,
) {
  const query = new URLSearchParams(location.search)
  const rpcUrls = JSON.parse(query.get('rpc') ?? '{}') as SandboxChainUrls
  const [ethereum, base] = sandboxChains(rpcUrls)
  const config = createConfig({
    chains: [ethereum, base],
    connectors: [
      createConnectorFn({
        relayUrl: query.get('relay') ?? '',
        metadata: {
          name: 'Host app',
          description: 'A host app on the sandbox',
          url: location.origin,
          icons: [],
        },
        wallet:
          query.get('wallet') === 'example'
            ? {
                id: 'example',
                name: 'Example Wallet',
                walletConnect: { native: 'examplewallet://' },
              }
            : undefined,
      }),
    ],
    transports: {
      [ethereum.id]: http(rpcUrls[ethereum.id]),
      [base.id]: http(rpcUrls[base.id]),
    },
  })
  const connector = config.connectors[0]!
  const element = (id: string) => document.getElementById(id)!

  const host = {
    /** The reconnect on load has settled. */
    ready: false,
    /** prepare() resolved (hovering the button). */
    prepared: false,
    /** `performance.now()` when this load found itself connected by the reconnect. */
    reconnectedAt: undefined as number | undefined,
    /** `performance.now()` when the last connect() started. */
    connectStartedAt: undefined as number | undefined,
    uris: [] as HostUri[],
    error: undefined as string | undefined,
    status: () => getConnection(config).status,
    address: () => getConnection(config).address,
    prepare: async () => {
      await (connector as PreparingConnector).prepare?.()
      host.prepared = true
    },
    /** connect(), as the button does; resolves with the first account. */
    async connect() {
      host.connectStartedAt = performance.now()
      const { accounts } = await connect(config, { connector })
      return accounts[0]
    },
    sign: (message: string) => signMessage(config, { message }),
    disconnect: () => disconnect(config),
  }
  Object.assign(window, { host })

  let tapping = false
  connector.emitter.on('message', ({ type, data }) => {
    if (type !== 'display_uri') return
    const uri = data as string
    host.uris.push({
      uri,
      inTap: tapping,
      userActivation: (navigator as { userActivation?: { isActive: boolean } })
        .userActivation?.isActive,
      at: performance.now(),
    })
    element('uri').textContent = uri
    // The bench's wallet pairs the moment the URI exists (an exposed binding, no polling).
    void (window as { hostPair?: (uri: string) => Promise<void> }).hostPair?.(
      uri,
    )
    // On the tap, the wallet's app opens with the URI (iOS allows it only within the tap).
    const deepLink = (connector as PairingConnector).getPairing?.()?.deepLink
    if (deepLink) window.open(deepLink, '_self', 'noreferrer noopener')
  })

  const button = element('connect')
  button.addEventListener('pointerenter', () => void host.prepare())
  button.addEventListener('click', () => {
    host.error = undefined
    tapping = true
    const connecting = host.connect()
    tapping = false
    connecting.catch((error: Error) => {
      host.error = (error as { shortMessage?: string }).shortMessage
      element('error').textContent = host.error ?? error.message
    })
  })
  element('sign').addEventListener('click', () => {
    const message = (element('message') as HTMLInputElement).value
    void host.sign(message).then(
      (signature) => {
        element('signature').textContent = signature
      },
      (error: Error) => {
        element('error').textContent =
          (error as { shortMessage?: string }).shortMessage ?? error.message
      },
    )
  })
  element('disconnect').addEventListener('click', () => void host.disconnect())

  config.subscribe(
    (state) => state.status,
    (status) => {
      element('status').textContent = status
      element('address').textContent = getConnection(config).address ?? ''
    },
  )
  element('status').textContent = getConnection(config).status
  void reconnect(config).then((restored) => {
    if (restored.length > 0 && getConnection(config).status === 'connected') {
      host.reconnectedAt = performance.now()
      element('address').textContent = getConnection(config).address ?? ''
    }
    host.ready = true
  })
}
