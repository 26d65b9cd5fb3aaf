import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium, type Route } from '@playwright/test'
import { verifyMessage } from 'viem'
import { type Sandbox, startSandbox } from '../sandbox/startSandbox.js'
import { startSandboxWallet } from '../sandbox/wallet/startSandboxWallet.js'
import { withTimeout } from '../src/core/deadlines.js'
import { chromiumArgs, chromiumPath } from '../test/helpers/chromium.js'
import {
  fetchWagmiConnectors,
  referenceVersion,
} from './fetchWagmiConnectors.js'
import { buildHostApp } from './hostApp/buildHostApp.js'
import type { HostUri } from './hostApp/hostApp.js'
import { serveHostApp } from './hostApp/serveHostApp.js'
import { percentile } from './percentile.js'

export type WalletConnectBrowserLatency = {
  connector: string
  /** How WalletConnect's Verify service was met. */
  verify: string
  /** Runs the medians are taken from. */
  runs: number
  /** First connect() on a settled page, nothing prepared, until `display_uri`. */
  connectToUriMs: number
  /** connect() until `display_uri` once prepare() resolved (wagmi's: a settled page; it has no prepare()). */
  preparedConnectToUriMs: number
  /** First connect() until it resolves, the wallet pairing at once. */
  connectToConnectedMs: number
  signatureRoundTripMs: number
  /** The reload's navigation start until wagmi's reconnect restored the session. */
  reloadToConnectedMs: number
}

type Sample = {
  uri: number
  preparedUri: number
  connected: number
  sign: number
  reloads: number[]
}

const reloadsPerRun = 3

type Candidate = {
  connector: string
  verify: string
  page: 'index.html' | 'wagmi.html'
  /** What the page's requests to verify.walletconnect.org get. */
  verifyRoute: (route: Route) => Promise<void>
  /** Waiting 5 s for Verify on each proposal and signature: a few runs say it. */
  maxRuns?: number | undefined
  /** Its 5 s waits dwarf what a warm-up run evens out. */
  warmUp?: false | undefined
}

const median = (values: number[]) => percentile(values, 0.5)

/** Fails a step that would otherwise wait for an SDK's own timeouts. */
const within = <value>(ms: number, what: string, promise: Promise<value>) =>
  withTimeout(promise, ms, () => new Error(`${what}: no answer in ${ms} ms`))

/**
 * WalletConnect's Verify, answered at once: the attestation page posts a JWT
 * for the id it was asked about, as verify.walletconnect.org does (a dapp
 * only decodes it; the sandbox wallet checks none).
 */
const attestationPage = `<!doctype html><script>
const query = new URLSearchParams(location.search)
const id = query.get('id')
const b64 = (value) => btoa(value).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '')
const jwt = [
  b64(JSON.stringify({ alg: 'ES256', typ: 'JWT' })),
  b64(JSON.stringify({ id, origin: query.get('origin'), isScam: false, isVerified: true, exp: Math.floor(Date.now() / 1000) + 300 })),
  b64(String.fromCharCode(...new Uint8Array(64))),
].join('.')
parent.postMessage(JSON.stringify({ type: 'verify_attestation', attestation: jwt }), '*')
</script>`

declare const window: {
  host: {
    ready: boolean
    reconnectedAt: number | undefined
    uris: HostUri[]
    prepare(): Promise<void>
    connect(): Promise<string>
    sign(message: string): Promise<`0x${string}`>
    disconnect(): Promise<void>
  }
}

/** connect() from the page, timed there: until the URI and until connected. */
const timedConnect = () => {
  const before = window.host.uris.length
  const started = performance.now()
  return window.host.connect().then((address) => ({
    address,
    uriMs: window.host.uris[before]!.at - started,
    connectedMs: performance.now() - started,
  }))
}

/** One run of a candidate, in a fresh browser context with a fresh wallet. */
async function measureOnce(
  browser: Browser,
  candidate: Candidate,
  url: string,
  sandbox: Sandbox,
  run: number,
): Promise<Sample> {
  const wallet = await startSandboxWallet({
    relayUrl: sandbox.relay.url,
    rpcUrls: sandbox.rpcUrls,
  })
  const context = await browser.newContext()
  const errors: string[] = []
  let verifyRequests = 0
  try {
    await context.route(
      /^https:\/\/verify\.walletconnect\.(org|com)\//,
      (route) => {
        verifyRequests++
        return candidate.verifyRoute(route)
      },
    )
    await context.exposeFunction('hostPair', (uri: string) => wallet.pair(uri))
    const tab = await context.newPage()
    tab.on('pageerror', (error) => errors.push(error.message))
    await tab.goto(url)
    await tab.waitForFunction(() => window.host?.ready)

    const cold = await within(20_000, 'connect', tab.evaluate(timedConnect))
    if (cold.address !== wallet.address)
      throw new Error(`Connected to ${cold.address}, not the wallet`)
    const message = `bench ${run}`
    const signed = await within(
      20_000,
      'signMessage',
      tab.evaluate(async (text) => {
        const started = performance.now()
        const signature = await window.host.sign(text)
        return { ms: performance.now() - started, signature }
      }, message),
    )
    if (
      !(await verifyMessage({
        address: wallet.address,
        message,
        signature: signed.signature,
      }))
    )
      throw new Error('The signature is not the wallet’s')

    // Reloads are quick and noisy: a few per run.
    const reloads: number[] = []
    for (let reload = 0; reload < reloadsPerRun; reload++) {
      await tab.reload()
      await tab.waitForFunction(() => window.host?.ready)
      const reconnectedAt = await tab.evaluate(() => window.host.reconnectedAt)
      if (reconnectedAt === undefined)
        throw new Error('The reload did not restore the session')
      reloads.push(reconnectedAt)
    }

    // A second pairing, as a host that prepares when its wallet list opens.
    await tab.evaluate(() => window.host.disconnect())
    await tab.evaluate(() => window.host.prepare())
    const prepared = await within(
      20_000,
      'connect after prepare()',
      tab.evaluate(timedConnect),
    )
    if (prepared.address !== wallet.address)
      throw new Error(`Connected to ${prepared.address}, not the wallet`)
    if (candidate.page === 'index.html' && verifyRequests > 0)
      throw new Error(`${candidate.connector} asked Verify ${verifyRequests}×`)
    return {
      uri: cold.uriMs,
      preparedUri: prepared.uriMs,
      connected: cold.connectedMs,
      sign: signed.ms,
      reloads,
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
 * Our `walletConnectDeepLink` beside wagmi's own `walletConnect()` (the
 * published `@wagmi/connectors`, same SDK 2.21.8), each alone in the same
 * host app (bench/hostApp: @wagmi/core, a button, no test shim) built for
 * production by Vite and served as static files, in Chromium, over the
 * sandbox relay with a fresh sandbox wallet per run, nothing reaching the
 * internet. Each run gets a fresh browser context; candidates alternate run
 * by run after one uncounted warm-up each. Medians, in ms, timed in the page:
 * - connectToUriMs: the first connect() on a settled page (wagmi's SDK is
 *   initialised by then, at config creation; ours loads on this call) until
 *   `display_uri`;
 * - preparedConnectToUriMs: after a disconnect, `prepare()` awaited (ours;
 *   wagmi has none), connect() until `display_uri`;
 * - connectToConnectedMs: the first connect() until it resolves;
 * - signatureRoundTripMs: `signMessage()` until the signature;
 * - reloadToConnectedMs: the reload's navigation start until `reconnect()`
 *   restored the session (page scripts, SDK loading and init included);
 *   three reloads per run.
 * Verify: ours skips it for a relay on a loopback address (the sandbox);
 * wagmi's asks verify.walletconnect.org before each proposal and signature.
 * It is measured twice: with that service answering at once (a local page
 * posting an attestation: wagmi's best case, the comparison that counts)
 * and unreachable, as it is against the sandbox offline (5 s each time).
 */
export async function walletConnectBrowser({
  runs,
  quick = false,
}: {
  runs: number
  /** A smoke run: no warm-up, and no row with Verify unreachable (5 s waits). */
  quick?: boolean | undefined
}): Promise<WalletConnectBrowserLatency[]> {
  const reference = fetchWagmiConnectors()
  const outDir = mkdtempSync(join(tmpdir(), 'host-app-bench-'))
  const [sandbox, built] = await Promise.all([
    startSandbox(),
    buildHostApp({ outDir, reference }),
  ])
  const server = await serveHostApp(built.outDir)
  let browser: Browser | undefined
  const wagmi = `wagmi walletConnect() ${referenceVersion}`
  const everyCandidate: Candidate[] = [
    {
      connector: 'walletConnectDeepLink',
      verify: 'skipped (loopback relay)',
      page: 'index.html',
      verifyRoute: (route) => route.abort(),
    },
    {
      connector: `${wagmi}, Verify answered at once`,
      verify: 'answered at once',
      page: 'wagmi.html',
      verifyRoute: (route) =>
        route.fulfill({ contentType: 'text/html', body: attestationPage }),
    },
    {
      connector: `${wagmi}, Verify unreachable (the sandbox offline)`,
      verify: 'unreachable (sandbox offline)',
      page: 'wagmi.html',
      verifyRoute: (route) => route.abort('namenotresolved'),
      maxRuns: Math.max(1, Math.min(3, Math.floor(runs / 3))),
      warmUp: false,
    },
  ]
  const candidates = quick
    ? everyCandidate.filter(
        (candidate) => !candidate.verify.startsWith('unreachable'),
      )
    : everyCandidate
  const samples = candidates.map(() => [] as Sample[])
  const query = new URLSearchParams({
    relay: sandbox.relay.url,
    rpc: JSON.stringify(sandbox.rpcUrls),
  })
  try {
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      // Nothing leaves the machine: every other host fails to resolve.
      args: [
        ...chromiumArgs,
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
      ],
    })
    // Run -1 warms each up (browser, relay, wallet code) and is not counted.
    for (let run = quick ? 0 : -1; run < runs; run++) {
      const order = candidates.map((candidate, index) => ({ candidate, index }))
      for (const { candidate, index } of run % 2 ? order.reverse() : order) {
        if (run >= (candidate.maxRuns ?? runs)) continue
        if (run < 0 && candidate.warmUp === false) continue
        const url = `${server.url}/${candidate.page === 'index.html' ? '' : candidate.page}?${query}`
        const sample = await measureOnce(browser, candidate, url, sandbox, run)
        if (run >= 0) samples[index]!.push(sample)
      }
    }
  } finally {
    await browser?.close()
    await server.stop()
    await sandbox.stop()
    rmSync(outDir, { recursive: true, force: true })
  }
  return candidates.map((candidate, index) => {
    const of = (key: Exclude<keyof Sample, 'reloads'>) =>
      median(samples[index]!.map((s) => s[key]))
    return {
      connector: candidate.connector,
      verify: candidate.verify,
      runs: samples[index]!.length,
      connectToUriMs: of('uri'),
      preparedConnectToUriMs: of('preparedUri'),
      connectToConnectedMs: of('connected'),
      signatureRoundTripMs: of('sign'),
      reloadToConnectedMs: median(samples[index]!.flatMap((s) => s.reloads)),
    }
  })
}

/** Ours ÷ wagmi's with Verify answered (the second row), per figure. */
function walletConnectBrowserRatios(rows: WalletConnectBrowserLatency[]) {
  const [ours, wagmi] = rows
  if (!ours || !wagmi) return {}
  const ratio = (
    oursKey: keyof WalletConnectBrowserLatency,
    wagmiKey = oursKey,
  ) =>
    Math.round((Number(ours[oursKey]) / Number(wagmi[wagmiKey])) * 1000) / 1000
  return {
    reloadToConnected: ratio('reloadToConnectedMs'),
    preparedConnectToUri: ratio('preparedConnectToUriMs'),
    coldConnectToUri: ratio('connectToUriMs'),
    connectToConnected: ratio('connectToConnectedMs'),
    signatureRoundTrip: ratio('signatureRoundTripMs'),
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await walletConnectBrowser({
    runs: Number(process.argv[2] ?? 5),
  })
  console.table(rows)
  console.log(
    "ours / wagmi's (Verify answered):",
    walletConnectBrowserRatios(rows),
  )
  process.exit(0)
}
