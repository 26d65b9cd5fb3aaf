import { readFileSync, writeFileSync } from 'node:fs'
import type { PasskeyLatency, PasskeyRoundTrips } from './passkeyBrowser.js'
import type { ThroughputResult } from './vendorThroughput.js'
import type { WalletConnectLatency } from './walletConnectLatency.js'
import type { WeightResult } from './weight.js'

export type BenchResults = {
  date: string
  machine: string
  weight: WeightResult[]
  passkey: { latency: PasskeyLatency[]; roundTrips: PasskeyRoundTrips[] }
  vendor: ThroughputResult[]
  walletConnect: WalletConnectLatency[]
}

const start = '<!-- bench:start -->'
const end = '<!-- bench:end -->'
const signed = (n: number) => (n > 0 ? `+${n}` : String(n))

function ratioRow([ours, reference]: WalletConnectLatency[]) {
  if (!ours || !reference) return []
  const ratio = (a: number, b: number) => (a / b).toFixed(2)
  return [
    `| ratio | ${ratio(ours.connectToUriMs, reference.connectToUriMs)} | ${ratio(ours.connectToConnectedMs, reference.connectToConnectedMs)} | ${ratio(ours.signatureRoundTripMs, reference.signatureRoundTripMs)} |`,
  ]
}

/** The README's benchmark tables, written from a run's results so that no figure is typed by hand. */
export function writeReadmeTables(
  results: BenchResults,
  file = new URL('../README.md', import.meta.url),
) {
  const tables = [
    `Latest run: ${results.date.slice(0, 10)}, ${results.machine}.`,
    '',
    '**Weight** — a minimal host (wagmi + viem + TanStack Query + React, one `createConfig`) bundled by',
    'esbuild, minified and gzipped, in bytes; "first load" leaves out what is loaded with `import()`,',
    '"everything" includes it:',
    '',
    '| bundle | first load | added | everything | added |',
    '| --- | --- | --- | --- | --- |',
    ...results.weight.map(
      (w) =>
        `| ${w.bundle} | ${w.firstLoad} | ${signed(w.firstLoadAdded)} | ${w.everything} | ${signed(w.everythingAdded)} |`,
    ),
    '',
    "**passkeyWallet in Chromium** — the playground against the sandbox, passkeys from Chromium's virtual",
    'authenticator (which answers at once: with a person, the session key also saves a prompt per signature):',
    '',
    '| signing | sign-up | sign message p50 | p95 |',
    '| --- | --- | --- | --- |',
    ...results.passkey.latency.map(
      (l) =>
        `| ${l.session} | ${l.signUpMs} ms | ${l.signMessageP50Ms} ms | ${l.signMessageP95Ms} ms |`,
    ),
    '',
    'Vendor requests per operation, counted on the wire, beside the least the protocol needs:',
    '',
    '| operation | requests | least |',
    '| --- | --- | --- |',
    ...results.passkey.roundTrips.map(
      (r) => `| ${r.operation} | ${r.vendorRequests} | ${r.least} |`,
    ),
    '',
    '**WalletConnect** — in Node, both connectors over the same sandbox relay and sandbox wallet, same SDK',
    "(2.21.8), alternating runs, medians; ratio = ours ÷ wagmi's:",
    '',
    '| connector | connect() → URI | → connected | signature round trip |',
    '| --- | --- | --- | --- |',
    ...results.walletConnect.map(
      (w) =>
        `| ${w.connector} | ${w.connectToUriMs} ms | ${w.connectToConnectedMs} ms | ${w.signatureRoundTripMs} ms |`,
    ),
    ...ratioRow(results.walletConnect),
    '',
    '**Vendor emulator** — `sign_raw_payload` through `@turnkey/http` with 8 requests in flight (client and',
    "emulator in one process, so the figure includes the client's stamping):",
    '',
    '| stamp | requests/s | p50 | p95 |',
    '| --- | --- | --- | --- |',
    ...results.vendor.map(
      (v) =>
        `| ${v.stamp} | ${v.requestsPerSecond} | ${v.p50Ms} ms | ${v.p95Ms} ms |`,
    ),
  ].join('\n')
  const readme = readFileSync(file, 'utf8')
  const from = readme.indexOf(start)
  const to = readme.indexOf(end)
  if (from < 0 || to < from)
    throw new Error(`README.md needs ${start} … ${end} around the tables`)
  writeFileSync(
    file,
    `${readme.slice(0, from + start.length)}\n${tables}\n${readme.slice(to)}`,
  )
}
