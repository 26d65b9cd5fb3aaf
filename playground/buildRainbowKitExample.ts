import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, extname, join, normalize } from 'node:path'
import react from '@vitejs/plugin-react'
import { build, type Connect, type Plugin } from 'vite'

const require = createRequire(import.meta.url)
const example = new URL('../docs/examples/rainbowkit/', import.meta.url)
  .pathname
const packageExports = new URL('../src/exports/', import.meta.url).pathname
// RainbowKit 2 runs on wagmi 2: this repository's wagmi is 3, and wagmi 2 is its `wagmi-v2` alias.
const wagmi2 = dirname(require.resolve('wagmi-v2/package.json'))
const wagmi2Core = dirname(
  createRequire(`${wagmi2}/`).resolve('@wagmi/core/package.json'),
)

export type RainbowKitExampleSettings = {
  organizationId: string
  apiBaseUrl: string
  authProxyUrl: string
  authProxyConfigId: string
  relayUrl: string
  rpcUrls: Record<number, string>
}

/** docs/examples/rainbowkit built for the sandbox, as its host builds it with the values in `VITE_*`. */
export async function buildRainbowKitExample({
  outDir,
  base,
  cacheDir,
  settings,
}: {
  outDir: string
  base: string
  cacheDir: string
  settings: RainbowKitExampleSettings
}) {
  const env = {
    VITE_TURNKEY_ORGANIZATION_ID: settings.organizationId,
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
    root: example,
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
        { find: /^wagmi$/, replacement: wagmi2 },
        { find: /^wagmi\/(.*)$/, replacement: `${wagmi2}/$1` },
        { find: /^@wagmi\/core$/, replacement: wagmi2Core },
        { find: /^@wagmi\/core\/(.*)$/, replacement: `${wagmi2Core}/$1` },
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

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
}

/** The RainbowKit example, built into `folder`, on the playground's own origin at `base`. */
export function servedRainbowKitExample(base: string, folder: string): Plugin {
  const serve: Connect.NextHandleFunction = (request, response, next) => {
    const path = request.url?.split('?')[0] ?? ''
    if (!path.startsWith(base)) return next()
    const relative = normalize(path.slice(base.length) || 'index.html')
    if (relative.startsWith('..')) return next()
    readFile(join(folder, relative)).then(
      (body) => {
        response.setHeader(
          'content-type',
          contentTypes[extname(relative)] ?? 'application/octet-stream',
        )
        response.end(body)
      },
      () => next(),
    )
  }
  return {
    name: 'wagmi-connector-pack:rainbowkit-example',
    configureServer: (server) => void server.middlewares.use(serve),
    configurePreviewServer: (server) => void server.middlewares.use(serve),
  }
}
