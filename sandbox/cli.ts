import { parseArgs } from 'node:util'
import { devAccount } from './devAccounts.js'
import { startSandbox } from './startSandbox.js'
import { stopOnSignals } from './stopOnSignals.js'

const { values } = parseArgs({
  options: { data: { type: 'string' } },
  strict: true,
})

const startedAt = performance.now()
const sandbox = await startSandbox({
  dataFile: values.data,
  onEmail: (email) =>
    console.log(
      `[email] ${email.kind} to ${email.to}: ${email.link ?? email.secret}`,
    ),
})
const shutDown = stopOnSignals(sandbox.stop)

const { vendor, authProxy } = sandbox
console.log(
  [
    `Sandbox ready in ${Math.round(performance.now() - startedAt)} ms (Ctrl-C stops it)`,
    ...Object.entries(sandbox.rpcUrls).map(
      ([chainId, url]) => `  chain ${chainId.padEnd(5)} ${url}`,
    ),
    `  dev account 0  ${devAccount(0).address} (anvil's public test key)`,
    `  vendor API     ${vendor.url}${values.data ? ` (state in ${values.data})` : ''}`,
    `  outbox         ${vendor.url}/sandbox/outbox?to=EMAIL`,
    `  parent org     ${vendor.parentOrganizationId}`,
    `  parent API key public ${vendor.parentApiKey.publicKey}`,
    `                 private ${vendor.parentApiKey.privateKey} (host backend only)`,
    `  auth proxy     ${authProxy.url} (the browser's Auth Proxy URL)`,
    `  proxy config   ${authProxy.configId} (X-Auth-Proxy-Config-Id; allows ${authProxy.allowedOrigins.join(', ')})`,
    `  export signer  ${vendor.signerPublicKey}`,
    `                 (also the verification token key: createPasskeyBackend's verificationTokenPublicKey)`,
    `  export frame   ${sandbox.exportFrameUrl} (trusts the export signer)`,
    `  WalletConnect relay ${sandbox.relay.url}`,
  ].join('\n'),
)

const { who, asked } = await sandbox.died
// Ctrl-C reaches the whole process group: a chain may end before our own handler runs.
if (asked) await shutDown(`${who} was asked to stop`)
console.error(`${who} stopped unexpectedly; shutting the sandbox down.`)
await sandbox.stop()
process.exit(1)
