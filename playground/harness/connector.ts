import {
  exportFrameUrl,
  parentOrganizationId,
  relayUrl,
  rpcUrls,
  sessionProfileId,
  vendorUrl,
} from 'virtual:sandbox'
import {
  type CreateConnectorFn,
  connect,
  createConfig,
  disconnect,
  getConnection,
  http,
  injected,
  reconnect,
  sendTransaction,
  signMessage,
  signTypedData,
} from '@wagmi/core'
import type { Address } from 'viem'
import { injectedWallets } from 'wagmi-connector-pack/injected'
import { passkeyWallet } from 'wagmi-connector-pack/passkey'
import { walletConnectDeepLink } from 'wagmi-connector-pack/walletconnect'
import { sandboxChains } from '../../sandbox/chains.js'
import { sandboxWalletDescriptor } from '../../sandbox/wallet/sandboxWalletDescriptor.js'
import { backend } from '../src/backend.js'
import { playgroundTypedData as typedData } from '../src/typedData.js'
import { loadWagmiWalletConnect } from './loadWagmiWalletConnect.js'

export type HarnessConnector =
  | 'passkeyWallet'
  | 'walletConnectDeepLink'
  | 'injectedWallet'
  | 'wagmiWalletConnect'
  | 'wagmiInjected'

const query = new URLSearchParams(location.search)
const which = query.get('connector') as HarnessConnector | null
const projectId = '00000000000000000000000000000000'
// As in the playground (playground/src/config.ts).
const metadata = {
  name: 'wagmi-connector-pack playground',
  description: 'The pack in a host app, on the sandbox',
  url: location.origin,
  icons: [],
}

/** The connector with the playground's parameters (the references with the same values). */
async function createConnectorFn(): Promise<CreateConnectorFn> {
  switch (which) {
    case 'passkeyWallet':
      return passkeyWallet({
        organizationId: parentOrganizationId,
        apiBaseUrl: vendorUrl,
        rpName: 'wagmi-connector-pack playground',
        createAccount: (request, options) =>
          backend('/api/create-account', request, options),
        recovery: {
          start: (request, options) =>
            backend('/api/start-recovery', request, options),
        },
        exportFrameUrl,
        // `?session=off`: every signature asks for the passkey. The session
        // key signs under the sandbox's signing profile, as in the playground.
        session:
          query.get('session') === 'off'
            ? false
            : { profileId: sessionProfileId },
      }) as CreateConnectorFn
    case 'walletConnectDeepLink':
      return walletConnectDeepLink({
        projectId,
        relayUrl,
        metadata,
        wallet: sandboxWalletDescriptor,
        deepLink: 'native',
      }) as CreateConnectorFn
    case 'injectedWallet': {
      // The playground's `injectedWallets()`: one connector per announced wallet.
      const [announced] = injectedWallets()
      if (!announced) throw new Error('No wallet announced itself')
      return announced
    }
    case 'wagmiWalletConnect': {
      const reference = query.get('reference')
      if (!reference) throw new Error('?reference=<path> is missing')
      const walletConnect = await loadWagmiWalletConnect(reference)
      return walletConnect({
        projectId,
        relayUrl,
        metadata,
        showQrModal: false,
      })
    }
    case 'wagmiInjected':
      // `window.ethereum`: the bench injects its test wallet there too.
      return injected()
    default:
      throw new Error(`Unknown ?connector=${which}`)
  }
}

const [ethereum, base] = sandboxChains(rpcUrls)
const config = createConfig({
  chains: [ethereum, base],
  connectors: [await createConnectorFn()],
  transports: {
    [ethereum.id]: http(rpcUrls[ethereum.id]),
    [base.id]: http(rpcUrls[base.id]),
  },
  // One connector alone: wagmi adds none of its own for announced wallets.
  multiInjectedProviderDiscovery: false,
  // wagmi's default storage (localStorage): a reload reconnects.
})
const connector = config.connectors[0]!
// The pairing URI goes to the bench's sandbox wallet at once.
connector.emitter.on('message', ({ type, data }) => {
  if (type === 'display_uri') void window.harnessPair?.(data as string)
})

/** What the bench calls in the page (`page.evaluate`). */
const harness = {
  /** The reconnect on load has settled. */
  ready: false,
  status: () => getConnection(config).status,
  address: () => getConnection(config).address,
  /** passkeyWallet only: a new passkey and account. */
  async signUp(userName: string) {
    const { accounts } = await connect(config, {
      connector,
      signUp: { userName },
      // passkeyWallet's own connect parameter, unknown to wagmi's types.
    } as never)
    return accounts[0] as Address
  },
  async connect() {
    const { accounts } = await connect(config, { connector })
    return accounts[0] as Address
  },
  disconnect: () => disconnect(config, { connector }),
  signMessage: (message: string) => signMessage(config, { message }),
  signTypedData: () => signTypedData(config, typedData),
  sendTransaction: (to: Address, value: string) =>
    sendTransaction(config, { to, value: BigInt(value) }),
}

export type ConnectorHarness = typeof harness

declare global {
  interface Window {
    harness: ConnectorHarness
    /** Exposed by the bench or a test: pairs its sandbox wallet with the URI. */
    harnessPair?: (uri: string) => Promise<void>
  }
}
window.harness = harness

// What WagmiProvider does on mount, unless the host turned it off (`reconnect=no`:
// reconnectOnMount={false}, the user signs in again).
if (query.get('reconnect') !== 'no') await reconnect(config)
harness.ready = true
