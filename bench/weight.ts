import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import {
  fetchWagmiConnectors,
  referenceVersion,
} from './fetchWagmiConnectors.js'

export type WeightResult = {
  bundle: string
  /** Minified, gzipped bytes of the first load (dynamic imports left out). */
  firstLoad: number
  /** What the connector adds to the baseline host's first load. */
  firstLoadAdded: number
  /** Everything, dynamic imports included: what a user who connects has loaded. */
  everything: number
  everythingAdded: number
}

const root = new URL('../', import.meta.url).pathname

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

// Each bundle's host source, made when measured (the reference is fetched only when it is).
const bundles: Record<string, () => string> = {
  baseline: () => host('', ''),
  'wagmi injected()': () =>
    host("import { injected } from 'wagmi/connectors'", 'injected()'),
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
  "injectedWallet({ wallet: 'metamask' }) + injectedWallets()": () =>
    host(
      "import { injectedWallet, injectedWallets } from 'wagmi-connector-pack/injected'",
      "injectedWallet({ wallet: 'metamask' }), ...injectedWallets()",
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
        "import { injectedWallet, injectedWallets } from 'wagmi-connector-pack/injected'",
        "import { RecoveryPanel, ExportPanel } from 'wagmi-connector-pack/react'",
        'export const panels = [RecoveryPanel, ExportPanel]',
      ].join('\n'),
      `passkeyWallet({ ${passkeyOptions}, recovery: { start: async () => {} } }), walletConnectDeepLink({ projectId: ${projectId} }), injectedWallet({ wallet: 'metamask' }), ...injectedWallets()`,
    ),
  'passkeyWallet + panels': () =>
    host(
      "import { passkeyWallet } from 'wagmi-connector-pack/passkey'\nimport { RecoveryPanel, ExportPanel } from 'wagmi-connector-pack/react'\nexport const panels = [RecoveryPanel, ExportPanel]",
      `passkeyWallet({ ${passkeyOptions}, recovery: { start: async () => {} } })`,
    ),
}

async function gzipSize(
  source: string,
  directory: string,
  name: string,
  { firstLoad }: { firstLoad: boolean },
) {
  const entry = join(directory, `${name.replace(/\W+/g, '-')}.js`)
  writeFileSync(entry, source)
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    outdir: join(directory, 'out'),
    nodePaths: [join(root, 'node_modules')],
    alias: {
      'wagmi-connector-pack/passkey': join(root, 'src/exports/passkey.ts'),
      'wagmi-connector-pack/react': join(root, 'src/exports/react.ts'),
      'wagmi-connector-pack/injected': join(root, 'src/exports/injected.ts'),
      'wagmi-connector-pack/walletconnect': join(
        root,
        'src/exports/walletconnect.ts',
      ),
    },
    define: { 'process.env.NODE_ENV': '"production"' },
    // First load: what is loaded with import() later is left out, for every bundle alike.
    plugins: firstLoad
      ? [
          {
            name: 'leave-out-dynamic-imports',
            setup(build) {
              build.onResolve({ filter: /.*/ }, (args) =>
                args.kind === 'dynamic-import'
                  ? { path: args.path, external: true }
                  : undefined,
              )
            },
          },
        ]
      : [],
    logLevel: 'silent',
  })
  return gzipSync(result.outputFiles[0]!.contents).length
}

/**
 * Weight of a host with and without each connector, esbuild-minified and
 * gzipped: every bundle, or the baseline and those `only` names.
 */
export async function weight({
  only,
}: {
  only?: readonly string[] | undefined
} = {}): Promise<WeightResult[]> {
  const directory = mkdtempSync(join(tmpdir(), 'weight-'))
  const sizes: Record<string, { firstLoad: number; everything: number }> = {}
  for (const [name, makeSource] of Object.entries(bundles)) {
    if (only && name !== 'baseline' && !only.includes(name)) continue
    const source = makeSource()
    sizes[name] = {
      firstLoad: await gzipSize(source, directory, name, { firstLoad: true }),
      everything: await gzipSize(source, directory, name, { firstLoad: false }),
    }
  }
  const baseline = sizes.baseline!
  return Object.entries(sizes).map(([bundle, { firstLoad, everything }]) => ({
    bundle,
    firstLoad,
    firstLoadAdded: firstLoad - baseline.firstLoad,
    everything,
    everythingAdded: everything - baseline.everything,
  }))
}
