import { parseArgs } from 'node:util'
import { hostOrigin } from './hostOrigin.js'

const usage = `Usage: npm run sandbox -- [options]

Starts two anvil chains (1 and 8453), the Turnkey-compatible vendor API, its
Auth Proxy, the export and recovery frame, a WalletConnect relay and an
OpenID Connect identity provider (Google and Apple presets), all on this
machine, and prints their addresses. Ctrl-C stops everything.

Options:
  --origin <url>  a host page that uses the sandbox, as https://app.example or
                  http://localhost:3000 (repeat for more): allowed by the
                  vendor (CORS, passkeys), the Auth Proxy and the frame. Every
                  localhost port already is, except for the Auth Proxy, which
                  allows http://localhost:5173 (the playground) alone.
  --data <file>   keep the vendor's state in this file across restarts
  -h, --help      print this and exit`

function parseOptions() {
  try {
    const { values } = parseArgs({
      options: {
        origin: { type: 'string', multiple: true, default: [] },
        data: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    })
    return { ...values, origin: values.origin.map(hostOrigin) }
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`)
    process.exit(2)
  }
}

const values = parseOptions()
if (values.help) {
  console.log(usage)
  process.exit(0)
}

// What starts the sandbox loads once the options are read: --help and a bad
// option answer at once, before its chains, vendor and relay are imported.
const [
  { devAccount },
  { gasDelegateAddress, gasSponsor, gasStationAddress },
  { startSandbox },
  { stopOnSignals },
] = await Promise.all([
  import('./devAccounts.js'),
  import('./contracts/gasStationAddresses.js'),
  import('./startSandbox.js'),
  import('./stopOnSignals.js'),
])
const startedAt = performance.now()
const sandbox = await startSandbox({
  dataFile: values.data,
  origins: values.origin,
  onEmail: (email) =>
    console.log(
      `[email] ${email.kind} to ${email.to}: ${email.link ?? email.secret}`,
    ),
})
const shutDown = stopOnSignals(sandbox.stop)

const { vendor, authProxy, identityProvider } = sandbox
console.log(
  [
    `Sandbox ready in ${Math.round(performance.now() - startedAt)} ms (Ctrl-C stops it)`,
    ...Object.entries(sandbox.rpcUrls).map(
      ([chainId, url]) => `  chain ${chainId.padEnd(5)} ${url}`,
    ),
    `  dev account 0  ${devAccount(0).address} (anvil's public test key)`,
    `  gas station    ${gasStationAddress} (delegate ${gasDelegateAddress}, sponsor ${gasSponsor.address})`,
    `  vendor API     ${vendor.url}${values.data ? ` (state in ${values.data})` : ''}`,
    `  outbox         ${vendor.url}/sandbox/outbox?to=EMAIL`,
    `  parent org     ${vendor.parentOrganizationId}`,
    `  session profile ${vendor.sessionProfileId} (signing: send transactions, revoke itself; a login's sessionProfileId)`,
    `  parent API key public ${vendor.parentApiKey.publicKey}`,
    `                 private ${vendor.parentApiKey.privateKey} (host backend only)`,
    `  auth proxy     ${authProxy.url} (the browser's Auth Proxy URL)`,
    `  proxy config   ${authProxy.configId} (X-Auth-Proxy-Config-Id; allows ${authProxy.allowedOrigins.join(', ')})`,
    `  export signer  ${vendor.signerPublicKey}`,
    `                 (also the verification token key: createPasskeyBackend's verificationTokenPublicKey)`,
    `  export frame   ${sandbox.exportFrameUrl} (trusts the export signer)`,
    `  recovery frame ${sandbox.exportFrameUrl} (the same page: passkeyWallet's recovery.frameUrl)`,
    `  WalletConnect relay ${sandbox.relay.url}`,
    `  OIDC issuer    ${identityProvider.issuer} (trusted by the vendor; sign-in page lists the test identities)`,
    `  Google client  ${identityProvider.clientIds.google}`,
    `  Apple client   ${identityProvider.clientIds.apple}`,
    `                 (public clients, PKCE S256; redirect URIs: any http://localhost:* or http://127.0.0.1:* page)`,
    `  test identities ${identityProvider.identities.map((identity) => `${identity.email} (sub ${identity.sub}${identity.email_verified ? '' : ', email unverified'})`).join(', ')}`,
  ].join('\n'),
)

const { who, asked } = await sandbox.died
// Ctrl-C reaches the whole process group: a chain may end before our own handler runs.
if (asked) await shutDown(`${who} was asked to stop`)
console.error(`${who} stopped unexpectedly; shutting the sandbox down.`)
await sandbox.stop()
process.exit(1)
