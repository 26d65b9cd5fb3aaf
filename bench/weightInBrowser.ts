import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Page,
} from '@playwright/test'
import { build } from 'esbuild'
import { sendWebResponse, toWebRequest } from '../docs/examples/nodeHttp.js'
import { devAccount } from '../sandbox/devAccounts.js'
import { type Sandbox, startSandbox } from '../sandbox/startSandbox.js'
import { startSandboxWallet } from '../sandbox/wallet/startSandboxWallet.js'
import { withTimeout } from '../src/core/deadlines.js'
import { createPasskeyBackend } from '../src/exports/server.js'
import { chromiumArgs, chromiumPath } from '../test/helpers/chromium.js'
import { installTestWallet } from '../test/helpers/injectedTestWallet.js'
import { addVirtualAuthenticator } from '../test/helpers/virtualAuthenticator.js'
import { fetchWagmiConnectors } from './fetchWagmiConnectors.js'

export type BrowserWeight = {
  bundle: string
  /**
   * JavaScript bytes Chromium fetched from page load to the end of the
   * connect flow: the gzipped bodies (`Content-Encoding: gzip`, level 6) of
   * every script response, dynamic-import chunks included.
   */
  jsBytesFetched: number
  /** What the connector and its connect flow add to the baseline host's. */
  jsBytesAdded: number
  /** Script requests, entry and chunks. */
  requests: number
}

type Flow = 'none' | 'walletConnect' | 'injected' | 'passkey'

type Variant = {
  bundle: string
  flow: Flow
  imports: string
  /** Connector expressions; `options` is the page's query, read at runtime. */
  connectors: string
}

const root = new URL('../', import.meta.url).pathname
const projectId = '0'.repeat(32)
const injectedAddress = devAccount(2).address

// The test wallet's EIP-6963 info (test/helpers/injectedTestWallet.ts defaults).
const sandboxInjectedWallet = `{ id: 'sandboxInjected', name: 'Sandbox Injected Wallet', rdns: ['localhost.sandbox.injected'] }`

function variants(reference: string): Variant[] {
  return [
    { bundle: 'baseline', flow: 'none', imports: '', connectors: '' },
    {
      bundle: 'walletConnectDeepLink',
      flow: 'walletConnect',
      imports:
        "import { walletConnectDeepLink } from 'wagmi-connector-pack/walletconnect'",
      connectors: `walletConnectDeepLink({ projectId: '${projectId}', relayUrl: options.relay, metadata })`,
    },
    {
      bundle: 'wagmi walletConnect()',
      flow: 'walletConnect',
      imports: `import { walletConnect } from ${JSON.stringify(reference)}`,
      connectors: `walletConnect({ projectId: '${projectId}', relayUrl: options.relay, metadata, showQrModal: false })`,
    },
    {
      bundle: 'injectedWallet',
      flow: 'injected',
      imports: "import { injectedWallet } from 'wagmi-connector-pack/injected'",
      connectors: `injectedWallet({ wallet: ${sandboxInjectedWallet} })`,
    },
    {
      bundle: 'wagmi injected()',
      flow: 'injected',
      imports: "import { injected } from '@wagmi/core'",
      connectors: 'injected()',
    },
    {
      bundle: 'passkeyWallet',
      flow: 'passkey',
      imports: "import { passkeyWallet } from 'wagmi-connector-pack/passkey'",
      connectors: `passkeyWallet({ organizationId: options.organization, apiBaseUrl: options.vendor, session: { profileId: options.profile }, createAccount: (request) => backend('/api/create-account', request) })`,
    },
  ]
}

// The host of bench/weight.ts (wagmi + viem + TanStack Query + React, one
// config), mounted, plus wagmi's connect() for the flow the bench drives.
const hostModule = ({
  imports,
  connectors,
}: Variant) => `import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { WagmiProvider, createConfig, http } from 'wagmi'
import { connect } from 'wagmi/actions'
import { mainnet } from 'viem/chains'
${imports}
const options = Object.fromEntries(new URLSearchParams(location.search))
const metadata = { name: 'weight bench', description: 'weight bench', url: location.origin, icons: [] }
async function backend(path, body) {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (!response.ok) throw new Error(await response.text())
  return response.json()
}
const chain = { ...mainnet, rpcUrls: { default: { http: [options.rpc] } } }
export const config = createConfig({
  chains: [chain],
  connectors: [${connectors}],
  transports: { [chain.id]: http(options.rpc) },
})
const queryClient = new QueryClient()
createRoot(document.getElementById('root')).render(
  createElement(WagmiProvider, { config, reconnectOnMount: false },
    createElement(QueryClientProvider, { client: queryClient }, 'host')),
)
window.host = {
  async connect(parameters) {
    const connector = config.connectors[0]
    let paired = false
    connector.emitter.on('message', ({ type, data }) => {
      if (type !== 'display_uri' || paired) return
      paired = true
      void window.hostPair(data)
    })
    const { accounts } = await connect(config, { connector, ...parameters })
    return accounts[0]
  },
}
`

const indexHtml = `<!doctype html>
<html><head><meta charset="utf-8"><title>weight</title>
<script type="module" src="./host.js"></script></head>
<body><div id="root"></div></body></html>
`

/** Production build of one variant's host, code-split at its dynamic imports. */
async function buildHost(variant: Variant, directory: string) {
  const source = join(directory, 'src')
  const www = join(directory, 'www')
  mkdirSync(source, { recursive: true })
  await writeFile(join(source, 'host.js'), hostModule(variant))
  await build({
    entryPoints: [join(source, 'host.js')],
    bundle: true,
    minify: true,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    outdir: www,
    chunkNames: 'chunks/[name]-[hash]',
    nodePaths: [join(root, 'node_modules')],
    alias: {
      'wagmi-connector-pack/passkey': join(root, 'src/exports/passkey.ts'),
      'wagmi-connector-pack/injected': join(root, 'src/exports/injected.ts'),
      'wagmi-connector-pack/walletconnect': join(
        root,
        'src/exports/walletconnect.ts',
      ),
    },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  })
  await writeFile(join(www, 'index.html'), indexHtml)
  return www
}

/**
 * Serves every variant's directory (`/<index>/…`) as a CDN would: scripts
 * gzipped (level 6) with a Content-Length, nothing cached. Also the host
 * backend's `POST /api/create-account` for the passkey wallet.
 */
async function serve(directories: string[], vendor: Sandbox['vendor']) {
  const files = new Map<string, { body: Buffer; type: string }>()
  const walk = (directory: string, prefix: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name)
      if (entry.isDirectory()) walk(path, `${prefix}${entry.name}/`)
      else if (extname(entry.name) === '.js')
        files.set(`${prefix}${entry.name}`, {
          body: gzipSync(readFileSync(path)),
          type: 'text/javascript',
        })
      else if (extname(entry.name) === '.html')
        files.set(`${prefix}${entry.name}`, {
          body: readFileSync(path),
          type: 'text/html',
        })
    }
  }
  directories.forEach((directory, index) => {
    walk(directory, `/${index}/`)
  })
  // The host backend: the pack's own handlers, as docs/backend.md mounts them on Node.
  const backend = createPasskeyBackend({
    organizationId: vendor.parentOrganizationId,
    apiPublicKey: vendor.parentApiKey.publicKey,
    apiPrivateKey: vendor.parentApiKey.privateKey,
    apiBaseUrl: vendor.url,
    appName: 'weight bench',
  })
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    if (request.method === 'POST' && path.endsWith('/api/create-account')) {
      void backend
        .signUp(toWebRequest(request))
        .then((answer) => sendWebResponse(response, answer))
      return
    }
    const file = files.get(path.endsWith('/') ? `${path}index.html` : path)
    if (!file) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, {
      'content-type': file.type,
      'content-length': file.body.length,
      'cache-control': 'no-store',
      ...(file.type === 'text/javascript'
        ? { 'content-encoding': 'gzip' }
        : {}),
    })
    response.end(file.body)
  })
  await new Promise<void>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve()),
  )
  return {
    port: (server.address() as AddressInfo).port,
    /** Gzipped bytes the server holds for a script path. */
    scriptBytes: (path: string) => files.get(path)?.body.length,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Fails a step that would otherwise wait for an SDK's own timeouts. */
const within = <value>(ms: number, what: string, promise: Promise<value>) =>
  withTimeout(promise, ms, () => new Error(`${what}: not done in ${ms} ms`))

type Counted = { bytes: number; requests: number; pending: number }

/** Counts the script responses of `page` from now on (body bytes as received). */
function countScripts(
  page: Page,
  failures: string[],
  sent: (path: string) => number | undefined,
) {
  const counted: Counted = { bytes: 0, requests: 0, pending: 0 }
  const done: Promise<void>[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') counted.pending++
  })
  page.on('requestfailed', (request) => {
    // Not a script: e.g. wagmi's walletConnect() asking WalletConnect's Verify
    // service, out of reach here as it is for any host on the sandbox.
    if (request.resourceType() !== 'script') return
    counted.pending--
    failures.push(`${request.url()} failed: ${request.failure()?.errorText}`)
  })
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return
    done.push(
      (async () => {
        const response = await request.response()
        const type = response?.headers()['content-type'] ?? ''
        if (/javascript/.test(type)) {
          const { responseBodySize } = await request.sizes()
          const path = new URL(request.url()).pathname
          if (responseBodySize !== sent(path))
            failures.push(
              `${path}: Chromium counted ${responseBodySize} bytes, the server sent ${sent(path)}`,
            )
          counted.bytes += responseBodySize
          counted.requests++
        }
        counted.pending--
      })(),
    )
  })
  return {
    counted,
    /** Waits until no script is in flight (a chunk the flow asked for late). */
    async settle() {
      const quiet = () => new Promise((resolve) => setTimeout(resolve, 200))
      do await quiet()
      while (counted.pending > 0)
      await Promise.all(done)
    },
  }
}

declare const window: {
  host: { connect(parameters?: object): Promise<string> }
}

async function runFlow(
  context: BrowserContext,
  page: Page,
  variant: Variant,
  sandbox: Sandbox,
) {
  if (variant.flow === 'none') return
  if (variant.flow === 'walletConnect') {
    const wallet = await startSandboxWallet({
      relayUrl: sandbox.relay.url,
      rpcUrls: { 1: sandbox.rpcUrls[1] },
    })
    try {
      await context.exposeFunction('hostPair', (uri: string) =>
        wallet.pair(uri),
      )
      const address = await within(
        20_000,
        `${variant.bundle} connect`,
        page.evaluate(() => window.host.connect()),
      )
      if (address.toLowerCase() !== wallet.address.toLowerCase())
        throw new Error(`${variant.bundle}: connected to ${address}`)
    } finally {
      await wallet.stop().catch(() => undefined)
    }
    return
  }
  const address = await within(
    20_000,
    `${variant.bundle} connect`,
    page.evaluate(
      (parameters) => window.host.connect(parameters),
      variant.flow === 'passkey' ? { signUp: { userName: 'bench' } } : {},
    ),
  )
  if (
    variant.flow === 'injected'
      ? address !== injectedAddress
      : !/^0x[0-9a-fA-F]{40}$/.test(address)
  )
    throw new Error(`${variant.bundle}: connected to ${address}`)
}

/** One variant in a fresh context, cache disabled: load, connect, count. */
async function measure(
  browser: Browser,
  variant: Variant,
  url: string,
  sandbox: Sandbox,
  sent: (path: string) => number | undefined,
) {
  const context = await browser.newContext()
  const errors: string[] = []
  const failures: string[] = []
  let scripts: ReturnType<typeof countScripts> | undefined
  try {
    const page = await context.newPage()
    page.on('pageerror', (error) => errors.push(error.message))
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    if (variant.flow === 'injected') {
      await installTestWallet(page, {
        address: injectedAddress,
        rpcUrls: { 1: sandbox.rpcUrls[1] },
        chainId: 1,
        legacy: true,
      })
    }
    if (variant.flow === 'passkey') await addVirtualAuthenticator(page)
    scripts = countScripts(page, failures, sent)
    await page.goto(url)
    await page.waitForFunction(() => 'host' in window)
    await runFlow(context, page, variant, sandbox)
    await scripts.settle()
  } catch (error) {
    const notes = [...errors, ...failures]
    if (notes.length) (error as Error).message += `\nPage: ${notes.join('\n')}`
    throw error
  } finally {
    await context.close()
  }
  const { counted } = scripts!
  // A failed request or a size the server did not send spoils the count.
  if (failures.length)
    throw new Error(`${variant.bundle}:\n${failures.join('\n')}`)
  return counted
}

/**
 * JavaScript Chromium fetches for a minimal host (wagmi + viem + TanStack
 * Query + React, one `createConfig`, mounted) without a connector (baseline)
 * and with each connector, loaded and taken through its connect flow to
 * `connected` against the sandbox: WalletConnect paired by a sandbox wallet
 * over the local relay, injected wallets with the e2e test wallet, the
 * passkey wallet signing up with a virtual authenticator. Each host is an
 * esbuild production bundle (minified ESM, split at its dynamic imports)
 * served gzipped from 127.0.0.1 (`localhost` for WebAuthn) in a fresh
 * browser context with the cache disabled. Bytes are Playwright's
 * `request.sizes().responseBodySize` (the encoded body Chromium received,
 * headers left out) of every script response, dynamic-import chunks
 * included, until the flow has ended and no script is in flight; each is
 * checked against the gzipped file the server sent.
 */
export async function weightInBrowser(): Promise<BrowserWeight[]> {
  const all = variants(fetchWagmiConnectors())
  const directory = mkdtempSync(join(tmpdir(), 'weight-browser-'))
  const directories = all.map((_, index) => join(directory, String(index)))
  const [sandbox, roots] = await Promise.all([
    startSandbox(),
    Promise.all(all.map((variant, i) => buildHost(variant, directories[i]!))),
  ])
  let server: Awaited<ReturnType<typeof serve>> | undefined
  let browser: Browser | undefined
  try {
    server = await serve(roots, sandbox.vendor)
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      // Nothing leaves the machine: every other host fails to resolve.
      args: [
        ...chromiumArgs,
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
      ],
    })
    const query = new URLSearchParams({
      rpc: sandbox.rpcUrls[1],
      relay: sandbox.relay.url,
      vendor: sandbox.vendor.url,
      organization: sandbox.vendor.parentOrganizationId,
      profile: sandbox.vendor.sessionProfileId,
    })
    const rows: Omit<BrowserWeight, 'jsBytesAdded'>[] = []
    for (const [index, variant] of all.entries()) {
      const host = variant.flow === 'passkey' ? 'localhost' : '127.0.0.1'
      const counted = await measure(
        browser,
        variant,
        `http://${host}:${server.port}/${index}/?${query}`,
        sandbox,
        server.scriptBytes,
      )
      rows.push({
        bundle: variant.bundle,
        jsBytesFetched: counted.bytes,
        requests: counted.requests,
      })
    }
    const baseline = rows[0]!.jsBytesFetched
    return rows.map(({ bundle, jsBytesFetched, requests }) => ({
      bundle,
      jsBytesFetched,
      jsBytesAdded: jsBytesFetched - baseline,
      requests,
    }))
  } finally {
    await browser?.close()
    await server?.stop()
    await sandbox.stop()
    rmSync(directory, { recursive: true, force: true })
  }
}
