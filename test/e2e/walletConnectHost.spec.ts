import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { verifyMessage } from 'viem'
import {
  buildHostApp,
  type HostAppBuild,
} from '../../bench/hostApp/buildHostApp.js'
import type { HostUri } from '../../bench/hostApp/hostApp.js'
import { serveHostApp } from '../../bench/hostApp/serveHostApp.js'
import type { SandboxChainUrls } from '../../sandbox/chains.js'
import {
  type SandboxWallet,
  startSandboxWallet,
} from '../../sandbox/wallet/startSandboxWallet.js'
import { openedLinks, recordOpenedLinks } from '../helpers/linkOpened.js'
import { phoneDevice } from '../helpers/phoneDevice.js'
import { ignoreSessionDeletedTwice } from '../helpers/unhandledSdkRejections.js'

// Its sandbox wallets run in this worker.
ignoreSessionDeletedTwice()

// A host app built for production by Vite (bench/hostApp), with no test
// shim, served as static files; the sandbox relay and chains of the e2e run.
const relayUrl = process.env.SANDBOX_RELAY_URL ?? ''
const rpcUrls = JSON.parse(
  process.env.SANDBOX_RPC_URLS ?? '{}',
) as SandboxChainUrls

let built: HostAppBuild
let server: Awaited<ReturnType<typeof serveHostApp>>
const wallets: SandboxWallet[] = []

test.beforeAll(async () => {
  const outDir = mkdtempSync(join(tmpdir(), 'host-app-'))
  built = await buildHostApp({ outDir })
  server = await serveHostApp(outDir)
})
test.afterAll(async () => {
  for (const wallet of wallets) await wallet.stop().catch(() => undefined)
  await server?.stop()
  if (built) rmSync(built.outDir, { recursive: true, force: true })
})

declare global {
  interface Window {
    host: { ready: boolean; prepared: boolean; uris: HostUri[] }
  }
}

function hostUrl(query: Record<string, string> = {}) {
  return `${server.url}/?${new URLSearchParams({
    relay: relayUrl,
    rpc: JSON.stringify(rpcUrls),
    ...query,
  })}`
}

/** Every request of the page (its frames included) that leaves the machine, and every socket. */
async function watchNetwork(page: Page, context: BrowserContext) {
  const outside: string[] = []
  const sockets: string[] = []
  const scripts: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (
      !['localhost', '127.0.0.1'].includes(url.hostname) &&
      url.protocol !== 'data:'
    )
      outside.push(request.url())
    if (url.origin === server.url && url.pathname.endsWith('.js'))
      scripts.push(url.pathname.slice(1))
  })
  page.on('websocket', (socket) => sockets.push(socket.url()))
  // Nothing may wait on WalletConnect's services: answered at once, and logged above.
  await context.route(/^https:\/\/[^/]*walletconnect\.(org|com)\//, (route) =>
    route.abort(),
  )
  return { outside, sockets, scripts }
}

async function newWallet(
  parameters: Partial<Parameters<typeof startSandboxWallet>[0]> = {},
) {
  const wallet = await startSandboxWallet({ relayUrl, rpcUrls, ...parameters })
  wallets.push(wallet)
  return wallet
}

const lastUri = (page: Page) =>
  page.evaluate(() => window.host.uris.at(-1)?.uri ?? '')

test('a visitor who never connects downloads the first-load shell only and opens no socket', async ({
  page,
  context,
}) => {
  const network = await watchNetwork(page, context)
  await page.clock.install()
  await page.goto(hostUrl())
  await page.waitForFunction(() => window.host?.ready)
  // Ten seconds of the page's time, idle callbacks and timers included.
  await page.clock.runFor(10_000)
  await page.waitForLoadState('networkidle')
  const shell = built.firstLoad('index.html')
  expect(network.scripts.sort()).toEqual([...shell].sort())
  const bytes = (files: string[]) =>
    files.reduce(
      (sum, file) => sum + statSync(join(built.outDir, file)).size,
      0,
    )
  expect(bytes(network.scripts)).toBe(bytes(shell))
  expect(network.sockets).toEqual([])
  expect(network.outside).toEqual([])

  // Reaching for it is what loads it: hovering the button prepares a pairing.
  const sdkChunk =
    built.manifest[
      '../../node_modules/@walletconnect/sign-client/dist/index.es.js'
    ]!.file
  expect(network.scripts).not.toContain(sdkChunk)
  await page.hover('#connect')
  await page.waitForFunction(() => window.host.prepared)
  expect(network.scripts).toContain(sdkChunk)
  expect(network.sockets).toEqual([
    expect.stringMatching(/^ws:\/\/127\.0\.0\.1:/),
  ])
  expect(network.outside).toEqual([])
})

test('after prepare(), the tap gets display_uri within connect() and opens the wallet with it; Verify is never called', async ({
  page,
  context,
}) => {
  const network = await watchNetwork(page, context)
  await recordOpenedLinks(page)
  await page.goto(hostUrl({ wallet: 'example' }))
  await page.waitForFunction(() => window.host?.ready)
  await page.hover('#connect')
  await page.waitForFunction(() => window.host.prepared)
  await page.click('#connect')
  const uris = await page.evaluate(() => window.host.uris)
  expect(uris).toHaveLength(1)
  expect(uris[0]).toMatchObject({ inTap: true, userActivation: true })
  const uri = uris[0]!.uri
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  expect(await openedLinks(page)).toEqual([
    [`examplewallet://wc?uri=${encodeURIComponent(uri)}`, '_self'],
  ])
  const wallet = await newWallet()
  await wallet.pair(uri)
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(wallet.address)
  expect(network.outside).toEqual([])
})

test('a cold connect() gets its URI with no shim and no Verify; signing and a reload work the same', async ({
  page,
  context,
}) => {
  const network = await watchNetwork(page, context)
  await page.goto(hostUrl())
  await page.waitForFunction(() => window.host?.ready)
  // A keyboard press: no pointer over the button, so nothing was prepared.
  await page.focus('#connect')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('uri')).toHaveText(/^wc:[0-9a-f]{64}@2\?/)
  const uri = await lastUri(page)
  expect(
    await page.evaluate(() => window.host.uris.map(({ inTap }) => inTap)),
  ).toEqual([false])
  const wallet = await newWallet()
  await wallet.pair(uri)
  await expect(page.getByTestId('status')).toHaveText('connected')
  await page.getByLabel('Message').fill('no shim')
  await page.click('#sign')
  await expect(page.getByTestId('signature')).toHaveText(/^0x[0-9a-f]+$/)
  const signature = (await page
    .getByTestId('signature')
    .textContent()) as `0x${string}`
  expect(
    await verifyMessage({
      address: wallet.address,
      message: 'no shim',
      signature,
    }),
  ).toBe(true)

  // A stored session: the reload loads the SDK by itself and restores it.
  const sdkChunk =
    built.manifest[
      '../../node_modules/@walletconnect/sign-client/dist/index.es.js'
    ]!.file
  network.scripts.length = 0
  network.sockets.length = 0
  await page.reload()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(wallet.address)
  expect(network.scripts).toContain(sdkChunk)
  // wagmi shows the stored session as connected; the SDK's relay socket may
  // open a moment after, and it is one socket.
  await expect.poll(() => network.sockets.length).toBe(1)
  expect(network.outside).toEqual([])
  await page.click('#disconnect')
  await expect(page.getByTestId('status')).toHaveText('disconnected')
})

test.describe('on an iPhone', () => {
  test.use(phoneDevice('iPhone 13'))

  test('a wallet not in the registry opens by its own app link at the signature', async ({
    page,
    context,
  }) => {
    const network = await watchNetwork(page, context)
    await recordOpenedLinks(page)
    await page.goto(hostUrl())
    await page.waitForFunction(() => window.host?.ready)
    await page.tap('#connect')
    await expect(page.getByTestId('uri')).toHaveText(/^wc:/)
    const wallet = await newWallet({
      metadata: {
        name: 'Example Wallet',
        description: 'A wallet the registry does not list',
        url: 'https://wallet.example',
        icons: [],
        redirect: {
          native: 'examplewallet://',
          universal: 'https://wallet.example/wc',
        },
      },
    })
    await wallet.pair(await lastUri(page))
    await expect(page.getByTestId('status')).toHaveText('connected')
    // The host named no wallet: nothing opened while pairing.
    expect(await openedLinks(page)).toEqual([])
    await page.tap('#sign')
    await expect(page.getByTestId('signature')).toHaveText(/^0x/)
    const topic = wallet.sessions()[0]!.topic
    expect(await openedLinks(page)).toEqual([
      [`examplewallet://wc?sessionTopic=${topic}`, '_self'],
    ])
    expect(network.outside).toEqual([])
  })
})
