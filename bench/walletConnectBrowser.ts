import { type Browser, chromium } from '@playwright/test'
import { verifyMessage } from 'viem'
import type { WalletConnectBench } from '../playground/harness/walletconnect.js'
import {
  type Playground,
  startPlayground,
} from '../playground/startPlayground.js'
import { startSandboxWallet } from '../sandbox/wallet/startSandboxWallet.js'
import { withTimeout } from '../src/core/withTimeout.js'
import { chromiumArgs, chromiumPath } from '../test/helpers/chromium.js'
import {
  fetchWagmiConnectors,
  referenceVersion,
} from './fetchWagmiConnectors.js'
import { percentile } from './percentile.js'

export type WalletConnectBrowserLatency = {
  connector: string
  connectToUriMs: number
  connectToConnectedMs: number
  signatureRoundTripMs: number
  reloadToConnectedMs: number
}

type Sample = {
  uri: number
  connected: number
  sign: number
  reload: number
}

const median = (values: number[]) => percentile(values, 0.5)

/** Fails a step that would otherwise wait for an SDK's own timeouts. */
const within = <value>(ms: number, what: string, promise: Promise<value>) =>
  withTimeout(promise, ms, () => new Error(`${what}: no answer in ${ms} ms`))

declare const window: { bench: WalletConnectBench }

/** One connect, sign and reload, in a fresh browser context and with a fresh wallet. */
async function measureOnce(
  browser: Browser,
  playground: Playground,
  page: string,
  run: number,
): Promise<Sample> {
  const wallet = await startSandboxWallet({
    relayUrl: playground.sandbox.relay.url,
    rpcUrls: playground.sandbox.rpcUrls,
  })
  let proposals = 0
  wallet.client.on('session_proposal', () => {
    proposals++
  })
  const context = await browser.newContext()
  const errors: string[] = []
  try {
    // The page hands over the URI the moment it has it: no polling.
    await context.exposeFunction('benchPair', (uri: string) => wallet.pair(uri))
    const tab = await context.newPage()
    tab.on('pageerror', (error) => errors.push(error.message))
    await tab.goto(page)
    await tab.waitForFunction(() => window.bench?.state.ready)
    const connected = await within(
      20_000,
      'connect',
      tab.evaluate(() => window.bench.connect()),
    )
    if (connected.address !== wallet.address)
      throw new Error(`Connected to ${connected.address}, not the wallet`)
    const message = `bench ${run}`
    const signed = await within(
      20_000,
      'signMessage',
      tab.evaluate((text) => window.bench.sign(text), message),
    )
    if (
      !(await verifyMessage({
        address: wallet.address,
        message,
        signature: signed.signature,
      }))
    )
      throw new Error('The signature is not the wallet’s')
    await tab.reload()
    await tab.waitForFunction(() => window.bench?.state.ready)
    const restored = await tab.evaluate(() => window.bench.state)
    if (restored.reconnectedAt === undefined || proposals !== 1)
      throw new Error(
        `The reload did not restore the session (${proposals} proposals)`,
      )
    if (restored.address !== wallet.address)
      throw new Error(`Restored ${restored.address}, not the wallet`)
    return {
      uri: connected.uriMs,
      connected: connected.connectedMs,
      sign: signed.ms,
      reload: restored.reconnectedAt - restored.reconnectStartedAt,
    }
  } catch (error) {
    if (errors.length)
      (error as Error).message += `\nPage: ${errors.join('\n')}`
    throw error
  } finally {
    await wallet.stop().catch(() => undefined)
    await context.close()
  }
}

/**
 * Our `walletConnectDeepLink` and wagmi's own `walletConnect()` (the published
 * `@wagmi/connectors`, same SDK 2.21.8) in Chromium, each alone in a wagmi
 * config on a harness page of the playground (playground/harness/walletconnect.html),
 * over the sandbox relay with a fresh sandbox wallet in this process per run.
 * Each run gets a fresh browser context (empty storage); runs alternate between
 * the two, after one uncounted warm-up run each. Medians, in ms, timed in the
 * page with `performance.now()`:
 * - connectToUriMs: wagmi `connect()` until the connector's `display_uri` message;
 * - connectToConnectedMs: `connect()` until it resolves, the wallet pairing
 *   as soon as the page hands over the URI (an exposed binding, no polling);
 * - signatureRoundTripMs: `signMessage()` (personal_sign) until the signature;
 * - reloadToConnectedMs: after a page reload, `reconnect(config)` until it has
 *   restored the session (no new proposal). The clock starts once the
 *   connector module is loaded, so dev-server module serving is left out;
 *   it includes the SDK's own (lazy) loading and initialisation.
 * `connect()` starts after the page's initial `reconnect()` has settled, which
 * initialises either SDK, as a user's click after page load would find it.
 */
export async function walletConnectBrowser({
  runs,
}: {
  runs: number
}): Promise<WalletConnectBrowserLatency[]> {
  const reference = fetchWagmiConnectors()
  const playground = await startPlayground({ port: 0, strictPort: true })
  let browser: Browser | undefined
  const harness = `${playground.url}harness/walletconnect.html`
  const candidates: [string, string][] = [
    ['walletConnectDeepLink', `${harness}?connector=ours`],
    [
      `wagmi walletConnect() ${referenceVersion}`,
      `${harness}?connector=wagmi&reference=${encodeURIComponent(reference)}`,
    ],
  ]
  const samples = new Map(candidates.map(([name]) => [name, [] as Sample[]]))
  try {
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: chromiumArgs,
    })
    // Run -1 warms both up (Vite transforms, browser cache) and is not counted.
    for (let run = -1; run < runs; run++)
      for (const [name, page] of run % 2
        ? [...candidates].reverse()
        : candidates) {
        const sample = await measureOnce(browser, playground, page, run)
        if (run >= 0) samples.get(name)!.push(sample)
      }
  } finally {
    await browser?.close()
    await playground.stop()
  }
  return candidates.map(([name]): WalletConnectBrowserLatency => {
    const of = (key: keyof Sample) =>
      median(samples.get(name)!.map((s) => s[key]))
    return {
      connector: name,
      connectToUriMs: of('uri'),
      connectToConnectedMs: of('connected'),
      signatureRoundTripMs: of('sign'),
      reloadToConnectedMs: of('reload'),
    }
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await walletConnectBrowser({
    runs: Number(process.argv[2] ?? 5),
  })
  console.table(rows)
  const [ours, wagmi] = rows as [
    WalletConnectBrowserLatency,
    WalletConnectBrowserLatency,
  ]
  const ratio = (
    key: Exclude<keyof WalletConnectBrowserLatency, 'connector'>,
  ) => `${key} ${(ours[key] / wagmi[key]).toFixed(2)}×`
  console.log(
    `ours / wagmi: ${[
      ratio('connectToUriMs'),
      ratio('connectToConnectedMs'),
      ratio('signatureRoundTripMs'),
      ratio('reloadToConnectedMs'),
    ].join(', ')}`,
  )
  process.exit(0)
}
