import { readFileSync } from 'node:fs'
import { type Browser, chromium, type Page } from '@playwright/test'
import { type Address, parseEther } from 'viem'
import type {
  ConnectorHarness,
  HarnessConnector,
} from '../playground/harness/connector.js'
import {
  type Playground,
  startPlayground,
} from '../playground/startPlayground.js'
import { devAccount } from '../sandbox/devAccounts.js'
import {
  type SandboxWallet,
  startSandboxWallet,
} from '../sandbox/wallet/startSandboxWallet.js'
import { chromiumArgs, chromiumPath } from '../test/helpers/chromium.js'
import { installTestWallet } from '../test/helpers/injectedTestWallet.js'
import { addVirtualAuthenticator } from '../test/helpers/virtualAuthenticator.js'
import {
  fetchWagmiConnectors,
  referenceVersion,
} from './fetchWagmiConnectors.js'

type Operation =
  | 'connect'
  | 'reconnect'
  | 'sign message'
  | 'sign typed data'
  | 'send transaction'

type Counts = {
  vendorRequests: number
  chainRequests: number
  walletRequests: number
}

export type RoundTrips = {
  connector: string
  operation: Operation
  vendorRequests: number
  /**
   * Of `vendorRequests`, reads asked again while the vendor had not yet
   * done what it was asked (a transaction's status before it is broadcast):
   * how many depends on the vendor's pace, not the connector's protocol.
   * Older runs have none.
   */
  repeatedReads?: number | undefined
  chainRequests: number
  walletRequests: number
  least: Counts
}

/** What each row counted, by name, for reading where a count comes from. */
export type RoundTripsDetail = {
  connector: string
  operation: Operation
  /** Vendor paths, chain JSON-RPC methods and wallet methods, in order. */
  vendor: string[]
  chain: string[]
  wallet: string[]
}

type Kind = 'passkey' | 'walletConnect' | 'injected'

/**
 * The protocol minimum of each operation, by kind of connector:
 *
 * passkey (vendor requests from the page; no wallet beside the vendor):
 * - connect (log in with an existing passkey, under a session profile): 3
 *   vendor requests: `stamp_login`, the one passkey signature, opens the
 *   session and names the user's organization; `get_api_keys` shows the new
 *   key under the profile asked for, which nothing else does;
 *   `list_wallet_accounts` gives the address, which nothing else does. No
 *   chain request.
 * - reconnect: 0: address, organization and session key are on the device.
 * - sign message / sign typed data: 1 vendor request, `sign_raw_payload`
 *   (of the digest hashed in the page; typed data whole, for the vendor to
 *   parse), stamped by the passkey: a session key under a profile never
 *   signs what the page could keep. No chain request.
 * - send transaction (with a session key): 2 vendor requests:
 *   `eth_send_transaction`, which the vendor fills (nonce, gas, fees) and
 *   broadcasts itself, and one `get_send_transaction_status` naming the
 *   transaction's hash; reads of the status asked again before the vendor
 *   has broadcast it count apart (`repeatedReads`). No chain request.
 *
 * WalletConnect (wallet requests = messages the dapp hands the relay for the
 * wallet; the wallet fills nonce, gas and fees from its own node, so never a
 * chain request):
 * - connect: 2: the session proposal (`wc_proposeSession`) and the dapp's
 *   answer to the wallet's `wc_sessionSettle` (`irn_publish`).
 * - reconnect: 0: the session is in storage; subscribing is not publishing.
 * - sign message / sign typed data / send transaction: 1 publish, the
 *   request (the answer is the wallet's publish).
 *
 * injected (wallet requests = EIP-1193 `request()` calls; the wallet talks to
 * its own node, so never a chain request from the page):
 * - connect: 2: `eth_requestAccounts` and `eth_chainId`.
 * - reconnect: 2: `eth_accounts` and `eth_chainId`.
 * - sign message / sign typed data / send transaction: 1: `personal_sign`,
 *   `eth_signTypedData_v4`, `eth_sendTransaction`.
 */
const counts = (
  vendorRequests: number,
  chainRequests: number,
  walletRequests: number,
): Counts => ({ vendorRequests, chainRequests, walletRequests })
const least: Record<Kind, Record<Operation, Counts>> = {
  passkey: {
    connect: counts(3, 0, 0),
    reconnect: counts(0, 0, 0),
    'sign message': counts(1, 0, 0),
    'sign typed data': counts(1, 0, 0),
    'send transaction': counts(2, 0, 0),
  },
  walletConnect: {
    connect: counts(0, 0, 2),
    reconnect: counts(0, 0, 0),
    'sign message': counts(0, 0, 1),
    'sign typed data': counts(0, 0, 1),
    'send transaction': counts(0, 0, 1),
  },
  injected: {
    connect: counts(0, 0, 2),
    reconnect: counts(0, 0, 2),
    'sign message': counts(0, 0, 1),
    'sign typed data': counts(0, 0, 1),
    'send transaction': counts(0, 0, 1),
  },
}

// Long enough for messages still on their way after an operation resolved
// (WalletConnect's answer to the session settlement comes after connect()).
const settleMs = 1000
const settled = () => new Promise((resolve) => setTimeout(resolve, settleMs))
const recipient = devAccount(3).address
const amount = parseEther('0.01')

declare const window: {
  harness: ConnectorHarness
  testWallet: { requests: { method: string }[] }
}

const wagmiCoreVersion = (
  JSON.parse(
    readFileSync(
      new URL('../node_modules/@wagmi/core/package.json', import.meta.url),
      'utf8',
    ),
  ) as { version: string }
).version

type Candidate = { name: string; harness: HarnessConnector; kind: Kind }

const candidates: Candidate[] = [
  { name: 'passkeyWallet', harness: 'passkeyWallet', kind: 'passkey' },
  {
    name: 'walletConnectDeepLink',
    harness: 'walletConnectDeepLink',
    kind: 'walletConnect',
  },
  {
    name: `wagmi walletConnect() ${referenceVersion}`,
    harness: 'wagmiWalletConnect',
    kind: 'walletConnect',
  },
  { name: 'injectedWallet', harness: 'injectedWallet', kind: 'injected' },
  {
    name: `wagmi injected() (@wagmi/core ${wagmiCoreVersion})`,
    harness: 'wagmiInjected',
    kind: 'injected',
  },
]

/** The JSON-RPC methods of a request body (a batch names each). */
function rpcMethods(body: string | null): string[] {
  try {
    const parsed = JSON.parse(body ?? '') as
      | { method?: string }
      | { method?: string }[]
    return [parsed].flat().map(({ method }) => method ?? '?')
  } catch {
    return ['?']
  }
}

/**
 * The messages for the wallet in a frame the page sends the relay:
 * `irn_publish`, each message of an `irn_batchPublish`, and
 * `wc_proposeSession` (SDK 2.21 hands the relay the session proposal with it
 * instead of publishing it).
 */
function relayPublishes(payload: string): string[] {
  try {
    const { method, params } = JSON.parse(payload) as {
      method?: string
      params?: { messages?: unknown[] }
    }
    if (method === 'irn_publish' || method === 'wc_proposeSession')
      return [method]
    if (method === 'irn_batchPublish')
      return (params?.messages ?? []).map(() => method)
    return []
  } catch {
    return []
  }
}

/** Everything one page sends, in order, kept across reloads. */
function record(page: Page, playground: Playground) {
  const vendorOrigin = new URL(playground.sandbox.vendor.url).origin
  const chainOrigins = Object.values(playground.sandbox.rpcUrls).map(
    (url) => new URL(url).origin,
  )
  const log = { vendor: [] as string[], chain: [] as string[] }
  const publishes: string[] = []
  page.on('request', (request) => {
    if (request.method() !== 'POST') return
    const url = new URL(request.url())
    if (url.origin === vendorOrigin) log.vendor.push(url.pathname)
    // The page's own transports; the test wallet forwards to other URLs.
    else if (chainOrigins.includes(url.origin))
      log.chain.push(...rpcMethods(request.postData()))
  })
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      if (typeof payload !== 'string') return
      for (const method of relayPublishes(payload)) publishes.push(method)
    })
  })
  return { log, publishes }
}

/** The same anvil under another host name: the test wallet's forwarding is told apart. */
function walletRpcUrls(playground: Playground) {
  return Object.fromEntries(
    Object.entries(playground.sandbox.rpcUrls).map(([id, url]) => {
      const other = url.replace('127.0.0.1', 'localhost')
      if (other === url) throw new Error(`Expected 127.0.0.1 in ${url}`)
      return [id, other]
    }),
  )
}

async function measureConnector(
  browser: Browser,
  playground: Playground,
  candidate: Candidate,
  reference: string,
  walletIndex: number,
): Promise<{ rows: RoundTrips[]; details: RoundTripsDetail[] }> {
  const context = await browser.newContext()
  let wallet: SandboxWallet | undefined
  try {
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    const { log, publishes } = record(page, playground)
    if (candidate.kind === 'injected') {
      await installTestWallet(page, {
        address: devAccount(2).address,
        rpcUrls: walletRpcUrls(playground),
        chainId: 1,
        // wagmi's injected() looks at window.ethereum.
        legacy: candidate.harness === 'wagmiInjected',
      })
    }
    if (candidate.kind === 'walletConnect') {
      const started = await startSandboxWallet({
        relayUrl: playground.sandbox.relay.url,
        rpcUrls: playground.sandbox.rpcUrls,
        fundWith: devAccount(7 + walletIndex),
      })
      wallet = started
      await context.exposeFunction('harnessPair', (uri: string) =>
        started.pair(uri),
      )
    }
    const url = new URL(
      `@fs${new URL('../playground/harness/connector.html', import.meta.url).pathname}`,
      playground.url,
    )
    url.searchParams.set('connector', candidate.harness)
    if (candidate.harness === 'wagmiWalletConnect')
      url.searchParams.set('reference', reference)
    const ready = () =>
      page
        .waitForFunction(() => window.harness?.ready, undefined, {
          timeout: 30_000,
        })
        .catch((error: Error) => {
          if (errors.length) error.message += `\nPage: ${errors.join('\n')}`
          throw error
        })
    await page.goto(url.href)
    await ready()

    if (candidate.kind === 'passkey') {
      await addVirtualAuthenticator(page)
      // A passkey and an account to log in with (not counted), and ETH to send.
      const address = await page.evaluate(() => window.harness.signUp('bench'))
      const faucet = await fetch(new URL('api/faucet', playground.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address }),
      })
      if (!faucet.ok) throw new Error(`Faucet: ${await faucet.text()}`)
      await page.evaluate(() => window.harness.disconnect())
    }
    await settled()

    const walletRequests = () =>
      candidate.kind === 'injected'
        ? page.evaluate(() =>
            window.testWallet.requests.map((request) => request.method),
          )
        : Promise.resolve(publishes.slice())

    const rows: RoundTrips[] = []
    const details: RoundTripsDetail[] = []
    const measure = async (
      operation: Operation,
      run: () => Promise<unknown>,
      { reloads = false } = {},
    ) => {
      const vendorBefore = log.vendor.length
      const chainBefore = log.chain.length
      // A reload starts the test wallet's list afresh.
      const walletBefore =
        reloads && candidate.kind === 'injected'
          ? 0
          : (await walletRequests()).length
      try {
        await run()
      } catch (error) {
        if (errors.length)
          (error as Error).message += `\nPage: ${errors.join('\n')}`
        throw error
      }
      await settled()
      const detail: RoundTripsDetail = {
        connector: candidate.name,
        operation,
        vendor: log.vendor.slice(vendorBefore),
        chain: log.chain.slice(chainBefore),
        wallet: (await walletRequests()).slice(walletBefore),
      }
      details.push(detail)
      rows.push({
        connector: candidate.name,
        operation,
        vendorRequests: detail.vendor.length,
        repeatedReads: detail.vendor.filter(
          (path, index) =>
            path.includes('/query/') && path === detail.vendor[index - 1],
        ).length,
        chainRequests: detail.chain.length,
        walletRequests: candidate.kind === 'passkey' ? 0 : detail.wallet.length,
        least: least[candidate.kind][operation],
      })
    }

    await measure('connect', async () => {
      const address = await page.evaluate(() => window.harness.connect())
      if (wallet && address !== wallet.address)
        throw new Error(`Connected to ${address}, not the sandbox wallet`)
    })
    await measure(
      'reconnect',
      async () => {
        await page.reload()
        await ready()
        const status = await page.evaluate(() => window.harness.status())
        if (status !== 'connected')
          throw new Error(`${candidate.name}: ${status} after the reload`)
      },
      { reloads: true },
    )
    await measure('sign message', () =>
      page.evaluate(() => window.harness.signMessage('round trips')),
    )
    await measure('sign typed data', () =>
      page.evaluate(() => window.harness.signTypedData()),
    )
    await measure('send transaction', () =>
      page.evaluate(
        ([to, value]) => window.harness.sendTransaction(to, value),
        [recipient, amount.toString()] as [Address, string],
      ),
    )
    return { rows, details }
  } finally {
    await context.close()
    // The dapp's page is gone; the wallet only closes its socket.
    await wallet?.stop().catch(() => undefined)
  }
}

/**
 * Vendor, chain and wallet requests per operation for our three connectors
 * and wagmi's `walletConnect()` (published @wagmi/connectors) and
 * `injected()`, in Chromium, beside the protocol minimum (`least`).
 *
 * How: the playground's dev server (startPlayground: sandbox, host backend,
 * faucet) serves a harness page (playground/harness/connector.html) holding one
 * connector alone in a wagmi config on the playground's chains and with the
 * playground's parameters; a fresh browser context per connector. The
 * playground app itself is not used: its Balances and transaction status poll
 * the chain (every 1 s and 250 ms) on the same URL as the connectors, which
 * would bury the connectors' own requests. Each operation runs through wagmi's
 * core actions (as the playground's hooks do): connect, a page reload until
 * `reconnect()` (what WagmiProvider runs on mount) has connected again,
 * `signMessage`, `signTypedData` (the playground's Mail), `sendTransaction`
 * (0.01 ETH, no gas given). Counted from the call until 1 s after it resolved
 * (the reload: from `reload()` until 1 s after connected):
 * - vendorRequests: POSTs the page sends to the vendor emulator. The passkey
 *   wallet signs up first (not counted), gets ETH from the faucet and
 *   disconnects, so `connect` is a log-in with an existing passkey (virtual
 *   authenticator, session key on).
 * - chainRequests: JSON-RPC requests (each in a batch) the page sends to the
 *   anvil URLs of its transports. The injected test wallet forwards to the
 *   same anvils under `localhost` instead of `127.0.0.1`, so its own
 *   forwarding is not counted; the WalletConnect sandbox wallet runs in Node.
 * - walletRequests: for WalletConnect, the messages for the wallet the page
 *   sends the relay (`irn_publish`, each of an `irn_batchPublish`, and
 *   `wc_proposeSession`; the wallet's own are not counted); for injected, the
 *   EIP-1193 `request()` calls the test wallet received
 *   (`window.testWallet.requests`); 0 for the passkey wallet.
 */
export async function roundTrips({
  onDetail,
  only,
}: {
  /** Each row's requests by name, as measured. */
  onDetail?: (detail: RoundTripsDetail) => void
  /** Measures only the connectors whose names pass (all by default). */
  only?: (connector: string) => boolean
} = {}): Promise<RoundTrips[]> {
  const reference = fetchWagmiConnectors()
  const playground = await startPlayground({ port: 0, strictPort: true })
  let browser: Browser | undefined
  try {
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: chromiumArgs,
    })
    const rows: RoundTrips[] = []
    let walletIndex = 0
    for (const candidate of candidates) {
      if (only && !only(candidate.name)) continue
      const measured = await measureConnector(
        browser,
        playground,
        candidate,
        reference,
        candidate.kind === 'walletConnect' ? walletIndex++ : 0,
      )
      rows.push(...measured.rows)
      for (const detail of measured.details) onDetail?.(detail)
    }
    return rows
  } finally {
    await browser?.close()
    await playground.stop()
  }
}
