import { devAccount } from './devAccounts.js'
import { startSandbox } from './startSandbox.js'
import { stopOnSignals } from './stopOnSignals.js'

const startedAt = performance.now()
const sandbox = await startSandbox()
stopOnSignals(sandbox.stop)

console.log(
  [
    `Sandbox ready in ${Math.round(performance.now() - startedAt)} ms (Ctrl-C stops it)`,
    ...Object.entries(sandbox.rpcUrls).map(
      ([chainId, url]) => `  chain ${chainId.padEnd(5)} ${url}`,
    ),
    `  dev account 0  ${devAccount(0).address} (anvil's public test key)`,
    `  vendor API     ${sandbox.vendor.url}`,
    `  parent org     ${sandbox.vendor.parentOrganizationId}`,
    `  parent API key public ${sandbox.vendor.parentApiKey.publicKey}`,
    `                 private ${sandbox.vendor.parentApiKey.privateKey} (host backend only)`,
  ].join('\n'),
)

const who = await sandbox.died
console.error(`${who} stopped unexpectedly; shutting the sandbox down.`)
await sandbox.stop()
process.exit(1)
