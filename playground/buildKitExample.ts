import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

const require = createRequire(import.meta.url)
const packageExports = new URL('../src/exports/', import.meta.url).pathname
// This repository's wagmi is 3; wagmi 2 is its `wagmi-v2` alias.
const wagmi2 = dirname(require.resolve('wagmi-v2/package.json'))
const wagmi2Core = dirname(
  createRequire(`${wagmi2}/`).resolve('@wagmi/core/package.json'),
)

/** The connect kits whose example apps (docs/examples/kits/<kit>) the playground serves. */
export const kits = ['rainbowkit', 'appkit'] as const
export type Kit = (typeof kits)[number]

// What a kit's example runs on when it is not this repository's wagmi 3.
const wagmi2Aliases = [
  { find: /^wagmi$/, replacement: wagmi2 },
  { find: /^wagmi\/(.*)$/, replacement: `${wagmi2}/$1` },
  { find: /^@wagmi\/core$/, replacement: wagmi2Core },
  { find: /^@wagmi\/core\/(.*)$/, replacement: `${wagmi2Core}/$1` },
]
const kitAliases: Record<Kit, typeof wagmi2Aliases> = {
  // RainbowKit 2 peers wagmi 2.
  rainbowkit: wagmi2Aliases,
  // AppKit's adapter takes wagmi 2 or 3: it runs on 3, as the playground does.
  appkit: [],
}

export type KitExampleSettings = {
  organizationId: string
  sessionProfileId: string
  apiBaseUrl: string
  authProxyUrl: string
  authProxyConfigId: string
  relayUrl: string
  rpcUrls: Record<number, string>
}

/** docs/examples/kits/<kit> built for the sandbox, as its host builds it with the values in `VITE_*`. */
export async function buildKitExample({
  kit,
  outDir,
  base,
  cacheDir,
  settings,
}: {
  kit: Kit
  outDir: string
  base: string
  cacheDir: string
  settings: KitExampleSettings
}) {
  const env = {
    VITE_TURNKEY_ORGANIZATION_ID: settings.organizationId,
    VITE_TURNKEY_SESSION_PROFILE_ID: settings.sessionProfileId,
    VITE_TURNKEY_API_BASE_URL: settings.apiBaseUrl,
    VITE_AUTH_PROXY_URL: settings.authProxyUrl,
    VITE_AUTH_PROXY_CONFIG_ID: settings.authProxyConfigId,
    // Any project id: the sandbox relay takes every one.
    VITE_WALLETCONNECT_PROJECT_ID: '00000000000000000000000000000000',
    VITE_WALLETCONNECT_RELAY_URL: settings.relayUrl,
    VITE_RPC_URL_1: settings.rpcUrls[1],
    VITE_RPC_URL_8453: settings.rpcUrls[8453],
  }
  await build({
    configFile: false,
    root: new URL(`../docs/examples/kits/${kit}/`, import.meta.url).pathname,
    base,
    cacheDir,
    logLevel: 'error',
    plugins: [react()],
    define: Object.fromEntries(
      Object.entries(env).map(([name, value]) => [
        `import.meta.env.${name}`,
        JSON.stringify(value),
      ]),
    ),
    resolve: {
      alias: [
        ...kitAliases[kit],
        // The pack by its public names, from source, as the playground imports it.
        {
          find: /^wagmi-connector-pack\/(.*)$/,
          replacement: `${packageExports}$1.ts`,
        },
      ],
    },
    build: { outDir, emptyOutDir: true },
  })
}
