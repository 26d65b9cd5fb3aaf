import { parseArgs } from 'node:util'
import { devAccount } from '../devAccounts.js'
import { stopOnSignals } from '../stopOnSignals.js'
import { startSandboxWallet } from './startSandboxWallet.js'

const usage = `Usage: node --import tsx sandbox/wallet/cli.ts <wc:uri> --relay ws://127.0.0.1:PORT --rpc 1=http://127.0.0.1:PORT [--rpc 8453=…]
  [--fund-from <dev account 0–9, default 9>] [--proposals approve|reject] [--requests answer|reject]`

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    relay: { type: 'string' },
    rpc: { type: 'string', multiple: true },
    // Account 9 is one the playground and the tests leave alone, so funding never races them.
    'fund-from': { type: 'string', default: '9' },
    proposals: { type: 'string', default: 'approve' },
    requests: { type: 'string', default: 'answer' },
  },
  strict: true,
})

const [uri] = positionals
// `--rpc 1=http://…`: a chain id, then its URL (which may contain `=` itself).
const rpcEntries = (values.rpc ?? []).map((entry) => entry.split(/=(.*)/))
const rpcUrls: Record<number, string> = {}
for (const [chainId, url] of rpcEntries)
  if (Number(chainId) > 0 && url) rpcUrls[Number(chainId)] = url
const { proposals, requests } = values
if (
  !uri?.startsWith('wc:') ||
  !values.relay ||
  rpcEntries.length === 0 ||
  Object.keys(rpcUrls).length !== rpcEntries.length ||
  (proposals !== 'approve' && proposals !== 'reject') ||
  (requests !== 'answer' && requests !== 'reject')
) {
  console.error(usage)
  process.exit(2)
}

const wallet = await startSandboxWallet({
  relayUrl: values.relay,
  rpcUrls,
  fundWith: devAccount(Number(values['fund-from'])),
  log: (line) => console.log(`[wallet] ${line}`),
})
wallet.proposals = proposals
wallet.requests = requests
stopOnSignals(wallet.stop)
wallet.client.on('session_delete', ({ topic }) =>
  console.log(`[wallet] The dapp ended session ${topic}`),
)
console.log(
  `Sandbox wallet ${wallet.address} (10 ETH on chains ${Object.keys(rpcUrls).join(', ')}); pairing… (Ctrl-C stops it)`,
)
await wallet.pair(uri)
