import '../src/offline.js'
import { relayUrl, rpcUrls } from 'virtual:sandbox'
import {
  type CreateConnectorFn,
  connect,
  createConfig,
  getConnection,
  reconnect,
  signMessage,
} from '@wagmi/core'
import { http } from 'viem'
import { sandboxChains } from '../../sandbox/chains.js'
import { loadWagmiWalletConnect } from './loadWagmiWalletConnect.js'

const startedAt = performance.now()
const query = new URLSearchParams(location.search)
const which = query.get('connector')
const projectId = '0'.repeat(32)
const metadata = {
  name: 'wagmi-connector-pack bench',
  description: 'WalletConnect latency harness',
  url: location.origin,
  icons: [],
}
const storagePrefix = `bench-${which}`

/** Both connector modules load the same way: dynamically, before the clock starts. */
async function createConnectorFn(): Promise<CreateConnectorFn> {
  if (which === 'ours') {
    const { walletConnectDeepLink } = await import(
      'wagmi-connector-pack/walletconnect'
    )
    return walletConnectDeepLink({
      projectId,
      relayUrl,
      metadata,
      storagePrefix,
    })
  }
  const reference = query.get('reference')
  if (which === 'wagmi' && reference) {
    const walletConnect = await loadWagmiWalletConnect(reference)
    return walletConnect({
      projectId,
      relayUrl,
      metadata,
      showQrModal: false,
      customStoragePrefix: storagePrefix,
    })
  }
  throw new Error('Use ?connector=ours or ?connector=wagmi&reference=<path>')
}

const [ethereum] = sandboxChains(rpcUrls)
const config = createConfig({
  chains: [ethereum],
  connectors: [await createConnectorFn()],
  // wagmi's default storage (localStorage): a reload restores the session.
  transports: { [ethereum.id]: http(rpcUrls[ethereum.id]) },
  multiInjectedProviderDiscovery: false,
})
const connector = config.connectors[0]!

/** Times are `performance.now()` of this page load, in ms. */
const state = {
  /** This module started (the connector module not yet loaded). */
  startedAt,
  /** `reconnect(config)` was called, the connector set up. */
  reconnectStartedAt: 0,
  /** The stored session was restored; undefined when there was none. */
  reconnectedAt: undefined as number | undefined,
  address: undefined as string | undefined,
  /** `reconnect()` on load has settled: `bench` may be used. */
  ready: false,
}

/** What the bench calls in the page (`page.evaluate`). */
const bench = {
  state,
  /**
   * connect() until the pairing URI and until connected. The URI goes to
   * `window.benchPair` (a Node binding) at once, so the wallet pairs without
   * polling.
   */
  async connect() {
    let uriAt: number | undefined
    const onMessage = ({ type, data }: { type: string; data?: unknown }) => {
      if (type !== 'display_uri' || uriAt !== undefined) return
      uriAt = performance.now()
      void window.benchPair?.(data as string)
    }
    connector.emitter.on('message', onMessage)
    try {
      const started = performance.now()
      const { accounts } = await connect(config, { connector })
      const connectedAt = performance.now()
      if (uriAt === undefined) throw new Error('Connected without a URI')
      return {
        uriMs: uriAt - started,
        connectedMs: connectedAt - started,
        address: accounts[0] as string,
      }
    } finally {
      connector.emitter.off('message', onMessage)
    }
  },
  /** personal_sign through wagmi, answered by the wallet over the relay. */
  async sign(message: string) {
    const started = performance.now()
    const signature = await signMessage(config, { message })
    return { ms: performance.now() - started, signature }
  },
}

export type WalletConnectBench = typeof bench

declare global {
  interface Window {
    bench: WalletConnectBench
    /** Exposed by the bench: pairs its sandbox wallet with the URI. */
    benchPair?: (uri: string) => Promise<void>
  }
}
window.bench = bench

state.reconnectStartedAt = performance.now()
const restored = await reconnect(config)
if (restored.length > 0 && getConnection(config).status === 'connected') {
  state.reconnectedAt = performance.now()
  state.address = restored[0]!.accounts[0]
}
// A person clicks once the page has settled: by then each connector has set
// up its SDK (wagmi's at config creation, ours when the browser is idle).
// Asking the provider for the chain id waits for that, for both alike.
const provider = (await connector.getProvider()) as {
  request(args: { method: string }): Promise<unknown>
}
await provider.request({ method: 'eth_chainId' }).catch(() => undefined)
state.ready = true
