import { join } from 'node:path'
import {
  fetchWagmiConnectors,
  referenceVersion,
} from './fetchWagmiConnectors.js'

const root = new URL('../', import.meta.url).pathname

/** The pack's entry points, resolved to its sources (as vite.config does). */
export const packAliases = {
  'wagmi-connector-pack/passkey': join(root, 'src/exports/passkey.ts'),
  'wagmi-connector-pack/react': join(root, 'src/exports/react.ts'),
  'wagmi-connector-pack/social-login': join(
    root,
    'src/exports/social-login.ts',
  ),
  'wagmi-connector-pack/injected': join(root, 'src/exports/injected.ts'),
  'wagmi-connector-pack/walletconnect': join(
    root,
    'src/exports/walletconnect.ts',
  ),
}

// A minimal host: wagmi + viem + TanStack Query + React, with one config.
const host = (imports: string, connectors: string) => `
import { QueryClient } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { createConfig, http } from 'wagmi'
import { mainnet } from 'viem/chains'
${imports}
export const config = createConfig({
  chains: [mainnet],
  connectors: [${connectors}],
  transports: { [mainnet.id]: http() },
})
export const queryClient = new QueryClient()
export const mount = (element) => createRoot(element)
`

const projectId = `'${'0'.repeat(32)}'`
const passkeyOptions =
  "organizationId: '00000000-0000-4000-8000-000000000000', createAccount: async () => ({ subOrganizationId: '' })"

/**
 * The minimal hosts the weight benchmarks build: the baseline, and the same
 * with each connector configured. Each source is made when measured (the
 * reference is fetched only when it is).
 */
const weightHosts: Record<string, () => string> = {
  baseline: () => host('', ''),
  'wagmi injected()': () =>
    host("import { injected } from '@wagmi/core'", 'injected()'),
  'wagmi mock()': () =>
    host(
      "import { mock } from 'wagmi/connectors'",
      "mock({ accounts: ['0x0000000000000000000000000000000000000001'] })",
    ),
  passkeyWallet: () =>
    host(
      "import { passkeyWallet } from 'wagmi-connector-pack/passkey'",
      `passkeyWallet({ ${passkeyOptions} })`,
    ),
  'passkeyWallet + socialLogin': () =>
    host(
      "import { passkeyWallet } from 'wagmi-connector-pack/passkey'\nimport { socialLogin } from 'wagmi-connector-pack/social-login'",
      `passkeyWallet({ ${passkeyOptions}, session: { profileId: '00000000-0000-4000-8000-000000000001' }, oidc: socialLogin({ providers: [{ id: 'google', clientId: 'app.apps.googleusercontent.com' }] }) })`,
    ),
  'injectedWallet({ wallet: metamask }) + injectedWallets()': () =>
    host(
      "import { injectedWallet, injectedWallets, metamask } from 'wagmi-connector-pack/injected'",
      'injectedWallet({ wallet: metamask }), ...injectedWallets()',
    ),
  walletConnectDeepLink: () =>
    host(
      "import { walletConnectDeepLink } from 'wagmi-connector-pack/walletconnect'",
      `walletConnectDeepLink({ projectId: ${projectId} })`,
    ),
  [`wagmi walletConnect() ${referenceVersion}`]: () =>
    host(
      `import { walletConnect } from '${fetchWagmiConnectors()}'`,
      `walletConnect({ projectId: ${projectId}, showQrModal: false })`,
    ),
  'whole pack': () =>
    host(
      [
        "import { passkeyWallet } from 'wagmi-connector-pack/passkey'",
        "import { walletConnectDeepLink } from 'wagmi-connector-pack/walletconnect'",
        "import { injectedWallet, injectedWallets, metamask } from 'wagmi-connector-pack/injected'",
        "import { RecoveryPanel, ExportPanel } from 'wagmi-connector-pack/react'",
        "import { socialLogin } from 'wagmi-connector-pack/social-login'",
        'export const panels = [RecoveryPanel, ExportPanel]',
      ].join('\n'),
      `passkeyWallet({ ${passkeyOptions}, recovery: { start: async () => {} }, session: { profileId: '00000000-0000-4000-8000-000000000001' }, oidc: socialLogin({ providers: [{ id: 'google', clientId: 'app.apps.googleusercontent.com' }] }) }), walletConnectDeepLink({ projectId: ${projectId} }), injectedWallet({ wallet: metamask }), ...injectedWallets()`,
    ),
  'passkeyWallet + panels': () =>
    host(
      "import { passkeyWallet } from 'wagmi-connector-pack/passkey'\nimport { RecoveryPanel, ExportPanel } from 'wagmi-connector-pack/react'\nexport const panels = [RecoveryPanel, ExportPanel]",
      `passkeyWallet({ ${passkeyOptions}, recovery: { start: async () => {} } })`,
    ),
}

/** The hosts to measure: every one, or the baseline and those `only` names. */
export function selectHosts(only?: readonly string[] | undefined) {
  return Object.entries(weightHosts).filter(
    ([name]) => !only || name === 'baseline' || only.includes(name),
  )
}

// A host that renders, as an app does: one component tree under wagmi's and
// TanStack Query's providers, a connect list through wagmi's hooks (imported
// from its barrels, as apps do), and the README's configuration beside it.
const renderingHost = (imports: string, connectors: string, wallet: string) => `
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { injected } from '@wagmi/core'
import { createConfig, http, useAccount, useConnect, useDisconnect, WagmiProvider } from 'wagmi'
import { base, mainnet } from 'wagmi/chains'
${imports}
const config = createConfig({
  chains: [mainnet, base],
  connectors: [injected(), ${connectors}],
  transports: { [mainnet.id]: http(), [base.id]: http() },
})
const queryClient = new QueryClient()

function Connect() {
  const { address } = useAccount()
  const { connectors, connect } = useConnect()
  const { disconnect } = useDisconnect()
  if (address)
    return <button type="button" onClick={() => disconnect()}>{address}</button>
  return connectors.map((connector) => (
    <button type="button" key={connector.uid} onClick={() => connect({ connector })}>
      {connector.name}
    </button>
  ))
}
${wallet}
export function App() {
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <Connect />
        ${wallet ? '<Wallet />' : ''}
      </QueryClientProvider>
    </WagmiProvider>
  )
}
`

/**
 * The rendering hosts (JSX, exporting `App`): wagmi's `injected()` alone,
 * and with the README's configuration: every connector, both panels
 * rendered.
 */
export const renderingHosts: [string, () => string][] = [
  ['baseline', () => renderingHost('', '', '')],
  [
    'whole pack',
    () =>
      renderingHost(
        [
          "import { injectedWallet, injectedWallets, metamask } from 'wagmi-connector-pack/injected'",
          "import { passkeyWallet } from 'wagmi-connector-pack/passkey'",
          "import { ExportPanel, RecoveryPanel } from 'wagmi-connector-pack/react'",
          "import { walletConnectDeepLink } from 'wagmi-connector-pack/walletconnect'",
          "const post = (path) => (request, { signal }) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request), signal })",
        ].join('\n'),
        [
          "passkeyWallet({ organizationId: '00000000-0000-4000-8000-000000000000', createAccount: post('/api/create-account'), recovery: { start: post('/api/start-recovery') } })",
          `walletConnectDeepLink({ projectId: ${projectId}, deepLink: 'native' })`,
          'injectedWallet({ wallet: metamask })',
          '...injectedWallets()',
        ].join(', '),
        'const Wallet = () => (useAccount().isConnected ? <ExportPanel /> : <RecoveryPanel />)',
      ),
  ],
]
