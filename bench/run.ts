/**
 * `npm run bench`: every benchmark, printed as tables and written to
 * bench/results/latest.json with the date and machine; the tables of docs/benchmarks.md
 * are rewritten from it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import { isSessionDeletedTwice } from '../test/helpers/unhandledSdkRejections.js'
import { callsBench } from './calls.js'
import { type BenchResults, writeDocsTables } from './docsTables.js'
import { esbuildReexportRepro } from './esbuildReexports.js'
import { passkeyBrowser } from './passkeyBrowser.js'
import { promptsBench } from './prompts.js'
import { relayThroughput } from './relayThroughput.js'
import { roundTrips } from './roundTrips.js'
import { vendorThroughput } from './vendorThroughput.js'
import { walletConnectBrowser } from './walletConnectBrowser.js'
import { walletConnectLatency } from './walletConnectLatency.js'
import { weight } from './weight.js'
import { weightInBrowser } from './weightInBrowser.js'
import {
  type RenderingWeightResult,
  weightRendering,
} from './weightRendering.js'
import { weightWithNext } from './weightWithNext.js'
import { vitePreloadHelperBytes, weightWithVite } from './weightWithVite.js'

// The WalletConnect SDK's one unawaited check must not end the run (see the helper).
process.on('unhandledRejection', (reason) => {
  if (isSessionDeletedTwice(reason)) return
  console.error(reason)
  process.exit(1)
})

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean' },
    // Where to write the results instead of bench/results/latest.json (the smoke test reads them).
    out: { type: 'string' },
    // `--only calls`, `--only prompts` or `--only rendering`: that benchmark alone, its rows put into bench/results/latest.json beside the last full run's.
    only: { type: 'string' },
  },
})
// --quick: a short run that proves the benchmarks work (the smoke test uses it):
// one run of each, no warm-up, and wagmi's 5-second Verify waits left out.
const quick = Boolean(values.quick)
const seconds = quick ? 0.5 : 3
const runs = quick ? 1 : 10

/** The results file keeps each bundler's 40 modules that add most. */
const keepLargestModules = (rows: RenderingWeightResult[]) =>
  rows.map((row) => ({
    ...row,
    ...(row.modulesAdded && { modulesAdded: row.modulesAdded.slice(0, 40) }),
  }))

// `--only <name>`: that benchmark alone, its rows put beside the last full run's.
const alone: Record<string, (latest: BenchResults) => Promise<unknown>> = {
  calls: async (latest) => {
    latest.calls = await callsBench()
    return latest.calls
  },
  prompts: async (latest) => {
    latest.prompts = await promptsBench()
    return latest.prompts
  },
  rendering: async (latest) => {
    latest.weightRendering = keepLargestModules(await weightRendering())
    latest.esbuildReexports = await esbuildReexportRepro()
    return latest.weightRendering.map(({ modulesAdded, ...row }) => row)
  },
}
if (values.only !== undefined) {
  const measure = alone[values.only]
  if (!measure)
    throw new Error(
      `--only takes ${Object.keys(alone)
        .map((name) => `\`${name}\``)
        .join(' or ')}, not ${values.only}`,
    )
  const latestFile = new URL('results/latest.json', import.meta.url)
  const latest = JSON.parse(readFileSync(latestFile, 'utf8')) as BenchResults
  console.table(await measure(latest))
  writeFileSync(latestFile, `${JSON.stringify(latest, null, 2)}\n`)
  writeDocsTables(latest)
  process.exit(0)
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`
console.log(`Benchmarks on ${machine}\n`)

function show(title: string, rows: unknown) {
  console.log(`\n${title}`)
  console.table(rows)
}

const vendor = await vendorThroughput({ seconds })
show(
  'Vendor emulator: sign_raw_payload through @turnkey/http, 8 requests in flight',
  vendor,
)
const relay = await relayThroughput({ seconds })
show(
  'WalletConnect relay: irn_publish to irn_subscription, 32 messages in flight',
  [relay],
)

const bytes = await weight()
show(
  'Weight: a minimal wagmi + viem + TanStack Query + React host, esbuild-minified, gzipped bytes',
  bytes,
)
const viteBytes = await weightWithVite({ unsplit: true })
const vitePreloadHelper = await vitePreloadHelperBytes()
console.log(
  `Vite's preload helper (the baseline with one import(), unsplit): +${vitePreloadHelper} B`,
)
show(
  'Weight, Vite production build: the same hosts, first load (entry and its static imports), gzipped bytes',
  viteBytes,
)
const nextBytes = await weightWithNext({
  only: quick ? ['whole pack'] : undefined,
})
show(
  'Weight, Next.js production build (Turbopack): the same hosts as routes, first load, gzipped bytes',
  nextBytes,
)
const rendering = keepLargestModules(await weightRendering())
show(
  "Weight in a rendering host (the README's configuration, both panels rendered): first load, gzipped bytes, by bundler",
  rendering.map(({ modulesAdded, ...row }) => row),
)
const esbuildReexports = await esbuildReexportRepro()
console.log(
  `esbuild, a re-exported module used only after an import(): ${esbuildReexports.signInFirstLoadWhenReexported} B in the first load (${esbuildReexports.signInFirstLoadWhenNot} B when not re-exported)`,
)
const fetched = await weightInBrowser()
show(
  'Weight in Chromium: gzipped JavaScript fetched from page load to connected',
  fetched,
)

const passkey = await passkeyBrowser({ signatures: runs })
show(
  'passkeyWallet in Chromium (virtual authenticator) against the sandbox, via the playground',
  passkey.latency,
)

const walletConnect = await walletConnectLatency({ runs })
show(
  "WalletConnect in Node over the sandbox relay: ours beside wagmi's walletConnect(), medians",
  walletConnect,
)
const walletConnectInBrowser = await walletConnectBrowser({ runs, quick })
show(
  "WalletConnect in Chromium over the sandbox relay: ours beside wagmi's walletConnect(), medians",
  walletConnectInBrowser,
)

const trips = await roundTrips()
show(
  'Round trips per operation (vendor, chain and wallet requests) beside the least the protocol needs',
  trips.map(({ least, ...row }) => ({
    ...row,
    leastVendor: least.vendorRequests,
    leastChain: least.chainRequests,
    leastWallet: least.walletRequests,
  })),
)

const calls = await callsBench({ sizes: quick ? [2] : [2, 5, 10] })
show(
  'Calls on passkeyWallet: a batch of N through useSendCalls beside N useSendTransaction',
  calls,
)

const prompts = await promptsBench()
show(
  'Passkey prompts per operation on passkeyWallet, under a session scope and without a session key',
  prompts,
)

const results: BenchResults = {
  date: new Date().toISOString(),
  machine,
  quick,
  vendor,
  relay,
  weight: bytes,
  weightWithVite: viteBytes,
  vitePreloadHelper,
  weightWithNext: nextBytes,
  weightRendering: rendering,
  esbuildReexports,
  weightInBrowser: fetched,
  passkey,
  walletConnect,
  walletConnectBrowser: walletConnectInBrowser,
  roundTrips: trips,
  calls,
  prompts,
}
const json = `${JSON.stringify(results, null, 2)}\n`
if (values.out) writeFileSync(values.out, json)
else if (!quick) {
  mkdirSync(new URL('results/', import.meta.url), { recursive: true })
  writeFileSync(new URL('results/latest.json', import.meta.url), json)
  writeDocsTables(results)
  console.log(
    '\nWritten to bench/results/latest.json and the tables of docs/benchmarks.md',
  )
}
// WalletConnect's SDK keeps heartbeat timers alive after its clients are done.
process.exit(0)
