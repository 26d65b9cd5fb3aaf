/**
 * `npm run bench`: every benchmark, printed as tables and written to
 * bench/results/latest.json with the date and machine.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import { passkeyBrowser } from './passkeyBrowser.js'
import { writeReadmeTables } from './readmeTables.js'
import { vendorThroughput } from './vendorThroughput.js'
import { walletConnectLatency } from './walletConnectLatency.js'
import { weight } from './weight.js'

const { values } = parseArgs({ options: { quick: { type: 'boolean' } } })
// --quick: a short run that proves the benchmarks work (the smoke test uses it).
const seconds = values.quick ? 0.5 : 3

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`
console.log(`Benchmarks on ${machine}\n`)

const vendor = await vendorThroughput({ seconds })
console.log(
  'Vendor emulator: sign_raw_payload through @turnkey/http, 8 requests in flight',
)
console.table(vendor)

const bytes = await weight()
console.log(
  '\nWeight: a minimal wagmi + viem + TanStack Query + React host, esbuild-minified, gzipped bytes',
)
console.table(bytes)

const passkey = await passkeyBrowser({ signatures: values.quick ? 2 : 10 })
console.log(
  '\npasskeyWallet in Chromium (virtual authenticator) against the sandbox, via the playground',
)
console.table(passkey.latency)
console.log('Vendor requests per operation (session key on)')
console.table(passkey.roundTrips)

const walletConnect = await walletConnectLatency({
  runs: values.quick ? 2 : 10,
})
console.log(
  "\nWalletConnect in Node over the sandbox relay: ours beside wagmi's walletConnect(), medians",
)
console.table(walletConnect)

const results = {
  date: new Date().toISOString(),
  machine,
  quick: Boolean(values.quick),
  vendor,
  weight: bytes,
  passkey,
  walletConnect,
}
if (!values.quick) {
  mkdirSync(new URL('results/', import.meta.url), { recursive: true })
  writeFileSync(
    new URL('results/latest.json', import.meta.url),
    `${JSON.stringify(results, null, 2)}\n`,
  )
  writeReadmeTables(results)
  console.log('Written to bench/results/latest.json and the README tables')
}
// WalletConnect's SDK keeps heartbeat timers alive after its clients are done.
process.exit(0)
