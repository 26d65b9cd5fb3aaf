import { readFileSync } from 'node:fs'
import { rewriteMarkedSection } from '../scripts/rewriteMarkedSection.js'
import type { CallsBenchRow } from './calls.js'
import type { esbuildReexportRepro } from './esbuildReexports.js'
import type {
  Budgets,
  ConnectFlowBudgets,
  RenderingBudgets,
} from './overBudget.js'
import type { PasskeyLatency } from './passkeyBrowser.js'
import type { PromptsBenchRow } from './prompts.js'
import type { RelayThroughput } from './relayThroughput.js'
import type { RoundTrips } from './roundTrips.js'
import type { ThroughputResult } from './vendorThroughput.js'
import type { WalletConnectBrowserLatency } from './walletConnectBrowser.js'
import type { WalletConnectLatency } from './walletConnectLatency.js'
import type { WeightResult } from './weight.js'
import type { BrowserWeight } from './weightInBrowser.js'
import type { RenderingWeightResult } from './weightRendering.js'
import type { NextWeightResult } from './weightWithNext.js'
import type { ViteWeightResult } from './weightWithVite.js'

export type BenchResults = {
  date: string
  machine: string
  quick: boolean
  vendor: ThroughputResult[]
  relay: RelayThroughput
  weight: WeightResult[]
  weightWithVite: ViteWeightResult[]
  /** Older runs have none. */
  weightWithNext?: NextWeightResult[] | undefined
  /** Older runs have none. */
  weightRendering?: RenderingWeightResult[] | undefined
  /** bench/esbuildReexports.ts's reproduction; older runs have none. */
  esbuildReexports?:
    | Awaited<ReturnType<typeof esbuildReexportRepro>>
    | undefined
  /** What Vite's preload helper adds to the baseline (one `import()`, unsplit). */
  vitePreloadHelper?: number | undefined
  weightInBrowser: BrowserWeight[]
  passkey: { latency: PasskeyLatency[] }
  walletConnect: WalletConnectLatency[]
  walletConnectBrowser: WalletConnectBrowserLatency[]
  roundTrips: RoundTrips[]
  /** Older runs have none. */
  calls?: CallsBenchRow[] | undefined
  /** Older runs have none. */
  prompts?: PromptsBenchRow[] | undefined
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n))
const ratio = (ours: number, reference: number) =>
  reference > 0 ? `${(ours / reference).toFixed(2)}×` : '—'
const table = (header: string[], rows: (string | number)[][]) => [
  `| ${header.join(' | ')} |`,
  `| ${header.map(() => '---').join(' | ')} |`,
  ...rows.map((row) => `| ${row.join(' | ')} |`),
]
const ms = (value: number) => `${value} ms`

/** Ours ÷ wagmi's for every number of a latency row: ours first, then wagmi's. */
function ratioRow<row extends { connector: string }>(
  rows: row[],
  keys: (keyof row)[],
) {
  const [ours, reference] = rows
  if (!ours || !reference) return []
  return [
    [
      'ratio (ours ÷ wagmi)',
      ...keys.map((key) => ratio(Number(ours[key]), Number(reference[key]))),
    ],
  ]
}

function addedRatio(
  rows: { bundle: string; added: number }[],
  ours: string,
  reference: string,
) {
  const a = rows.find((r) => r.bundle.startsWith(ours))
  const b = rows.find((r) => r.bundle.startsWith(reference))
  if (!a || !b) return ''
  // wagmi's injected() is mostly in the baseline already: a ratio to a few bytes says nothing.
  const times = b.added >= 1024 ? ` (${ratio(a.added, b.added)})` : ''
  const difference = a.added - b.added
  return `${ours} adds ${Math.abs(difference)} B ${difference > 0 ? 'more' : 'less'} than ${reference}${times}`
}

/** bench/budgets.json: the budgets test/integration/weight.test.ts checks, and the issue's aim. */
function readBudgets() {
  return JSON.parse(
    readFileSync(new URL('budgets.json', import.meta.url), 'utf8'),
  ) as {
    budgets: Budgets
    connectFlows: ConnectFlowBudgets
    renderingHost: RenderingBudgets
    target: Record<
      string,
      { firstLoadAdded?: number; connectFetchedAdded?: number }
    >
  }
}

/** `bytes` beside the issue's `aim`, as the end of a sentence about them. */
function againstAim(bytes: number, aim: number) {
  const difference = bytes - aim
  return difference > 0
    ? `${bytes} B, ${difference} B over the ${aim} B aim of issue #20`
    : `${bytes} B, within the ${aim} B aim of issue #20 (${-difference} B to spare)`
}

/** The whole pack's first load added beside the issue's aim, as a sentence. */
function wholePackAim(
  rows: { bundle: string; firstLoadAdded: number }[],
  aim: number | undefined,
) {
  const wholePack = rows.find((r) => r.bundle === 'whole pack')
  if (!wholePack || aim === undefined) return ''
  return `the whole pack adds to the first load ${againstAim(wholePack.firstLoadAdded, aim)}`
}

/** The whole pack's Vite figure taken apart: the pack's code, Vite's helper, the split. */
function viteUnsplitClause(
  rows: ViteWeightResult[],
  preloadHelper: number | undefined,
  aim: number | undefined,
) {
  const wholePack = rows.find((r) => r.bundle === 'whole pack')
  if (
    wholePack?.unsplitAdded === undefined ||
    preloadHelper === undefined ||
    aim === undefined
  )
    return ''
  const split = wholePack.firstLoadAdded - wholePack.unsplitAdded
  return `. Unsplit, the same build adds ${wholePack.unsplitAdded} B, of which about ${preloadHelper} B is Vite's preload helper (what the baseline with one \`import()\` adds; any page with one carries it once), leaving ${wholePack.unsplitAdded - preloadHelper} B for the pack's own code (the aim is ${aim} B); the other ${split} B is the split: Rolldown's extra chunks and Vite's lists of what to preload`
}

/** What `bundle`'s connect flow fetched in Chromium beside the issue's aim, as a clause. */
function connectFetchedAim(
  rows: { bundle: string; added: number }[],
  bundle: string,
  aim: number | undefined,
) {
  const row = rows.find((r) => r.bundle === bundle)
  if (!row || aim === undefined) return ''
  return `; ${bundle}'s connect flow (a sign-up) fetches ${againstAim(row.added, aim)}`
}

/** Who a module belongs to, as the "why" table groups them. */
function owner(module: string) {
  if (module.startsWith('src/')) return 'ours'
  if (module.startsWith('viem/')) return 'viem'
  if (/^(@wagmi\/|wagmi\/)/.test(module)) return 'wagmi'
  return 'other'
}

/**
 * The rendering host under each bundler beside its budget and the aim, and
 * the modules the pack adds to its first load, when the run has them.
 */
function renderingWeightTables(
  rows: RenderingWeightResult[] | undefined,
  budgets: RenderingBudgets,
  aim: number | undefined,
  repro: BenchResults['esbuildReexports'],
) {
  if (!rows) return []
  const packs = rows.filter((row) => row.bundle === 'whole pack')
  const baselineOf = (bundler: string) =>
    rows.find((row) => row.bundler === bundler && row.bundle === 'baseline')!
  const owners = ['ours', 'viem', 'wagmi', 'other'] as const
  const largest = 8
  return [
    "**Weight in a rendering host** — what a real app pays: a React app under `WagmiProvider` and TanStack Query's provider, its connect list through wagmi's hooks imported from `wagmi` and `@wagmi/core` as apps do, beside the same app with the README's configuration (every connector, `RecoveryPanel` or `ExportPanel` rendered), built by each bundler with its production defaults ([bench/weightRendering.ts](../bench/weightRendering.ts); Next.js: a route of a `next build` app, Turbopack). First load = the entry and every file it imports statically (Next.js: the scripts the route's HTML loads), each gzipped, summed. \"As one file\": the same files gzipped as one, so the rest is what splitting into files costs in compression and glue; \"unsplit\": the app built as one file with every `import()` left out, the code the page runs before any `import()`, so the rest is code the bundler's split brings in early:",
    '',
    ...table(
      [
        'bundler',
        'baseline (files)',
        'with the pack (files)',
        'added',
        'added, as one file',
        'added, unsplit',
        'budget (bytes / files)',
      ],
      packs.map((row) => {
        const baseline = baselineOf(row.bundler)
        const budget = budgets[row.bundler]
        return [
          row.bundler,
          `${baseline.firstLoad} (${baseline.files})`,
          `${row.firstLoad} (${row.files})`,
          signed(row.firstLoadAdded),
          signed(row.asOneFileAdded),
          row.unsplitAdded === undefined ? '—' : signed(row.unsplitAdded),
          budget ? `${budget.firstLoadAdded} / ${budget.files}` : '—',
        ]
      }),
    ),
    '',
    ...(aim === undefined
      ? []
      : [
          `Against the ${aim} B aim: ${packs
            .map(
              (row) =>
                `${row.bundler} ${againstAimShort(row.firstLoadAdded, aim)}`,
            )
            .join('; ')}.`,
          '',
        ]),
    `**Why, module by module** — the modules in the rendering host's first load beyond the baseline's, by owner: bytes before gzip (esbuild: its minified output, from its metafile; Vite: Rolldown's rendered code before minifying, from its chunks; Next.js: the minified scripts by their source maps), and in brackets how many of them the page does not run before an \`import()\` (what the unsplit builds do not differ by: code the split brings in early; Next.js has no unsplit build); then the ${largest} modules that bring in most early:`,
    '',
    ...table(
      ['bundler', ...owners, 'brought in early, most'],
      packs
        .filter((row) => row.modulesAdded)
        .map((row) => [
          row.bundler,
          ...owners.map((who) => {
            const modules = row.modulesAdded!.filter(
              ({ module }) => owner(module) === who,
            )
            const sum = (key: 'bytes' | 'early') =>
              modules.reduce((total, module) => total + (module[key] ?? 0), 0)
            return row.unsplitAdded === undefined
              ? `${sum('bytes')}`
              : `${sum('bytes')} (${sum('early')})`
          }),
          row.unsplitAdded === undefined
            ? '—'
            : row
                .modulesAdded!.slice()
                .sort((a, b) => (b.early ?? 0) - (a.early ?? 0))
                .slice(0, largest)
                .map(({ module, early }) => `\`${module}\` ${early}`)
                .join(', '),
        ]),
    ),
    '',
    ...(repro
      ? [
          `esbuild's part, reproduced in five files ([bench/esbuildReexports.ts](../bench/esbuildReexports.ts)): a side-effect-free package whose entry re-exports \`sign\` beside \`connect\`; the page uses \`connect\`, and a module it loads with \`import()\` uses \`sign\`. esbuild puts ${repro.signInFirstLoadWhenReexported} B of \`sign\` in the page's first load, though the page never uses it; with the entry not re-exporting it, ${repro.signInFirstLoadWhenNot} B.`,
          '',
        ]
      : []),
  ]
}

/** `bytes` beside `aim`, as a short clause. */
function againstAimShort(bytes: number, aim: number) {
  return bytes > aim
    ? `${bytes} B, ${bytes - aim} B over`
    : `${bytes} B, within (${aim - bytes} B to spare)`
}

/** The same hosts as routes of a Next.js app built by Turbopack (docs/nextjs.md), when the run has them. */
function nextWeightTable(
  rows: NextWeightResult[] | undefined,
  aim: number | undefined,
) {
  if (!rows) return []
  return [
    "**Weight, Next.js production build** — the same hosts, each a route of one Next.js app (`next build`, Turbopack, Next's default), its page a client component that imports the host and uses its config; first load = the scripts the route's server-rendered HTML loads, each gzipped, summed, in bytes. The baseline is Next's own runtime with wagmi, viem, TanStack Query and React:",
    '',
    ...table(
      ['bundle', 'first load', 'added', 'files'],
      rows.map((w) => [
        w.bundle,
        w.firstLoad,
        signed(w.firstLoadAdded),
        w.files,
      ]),
    ),
    '',
    `With Next.js, ${wholePackAim(rows, aim)}; ${addedRatio(
      rows.map((w) => ({ bundle: w.bundle, added: w.firstLoadAdded })),
      'walletConnectDeepLink',
      'wagmi walletConnect()',
    )}.`,
    '',
  ]
}

/** Where the tables go: docs/benchmarks.md, between the bench markers. */
const benchmarksPage = new URL('../docs/benchmarks.md', import.meta.url)

/** The benchmark tables of a run, as Markdown, so that no figure is typed by hand. */
export function renderBenchTables(results: BenchResults) {
  const firstLoad = results.weight.map((w) => ({
    bundle: w.bundle,
    added: w.firstLoadAdded,
  }))
  const fetched = results.weightInBrowser.map((w) => ({
    bundle: w.bundle,
    added: w.jsBytesAdded,
  }))
  const { budgets, connectFlows, target, renderingHost } = readBudgets()
  const wholePackTarget = target['whole pack']?.firstLoadAdded
  const latencyKeys = [
    'connectToUriMs',
    'connectToConnectedMs',
    'signatureRoundTripMs',
  ] as const
  return [
    `Latest run: ${results.date.slice(0, 10)}, ${results.machine}.`,
    '',
    '**Weight** — a minimal host (wagmi + viem + TanStack Query + React, one `createConfig`) bundled by',
    'esbuild, minified and gzipped, in bytes; "first load" leaves out what is loaded with `import()`,',
    '"everything" includes all of it:',
    '',
    ...table(
      ['bundle', 'first load', 'added', 'everything', 'added'],
      results.weight.map((w) => [
        w.bundle,
        w.firstLoad,
        signed(w.firstLoadAdded),
        w.everything,
        signed(w.everythingAdded),
      ]),
    ),
    '',
    `First load: ${addedRatio(firstLoad, 'walletConnectDeepLink', 'wagmi walletConnect()')}; ${addedRatio(firstLoad, 'injectedWallet', 'wagmi injected()')}.`,
    '',
    '**Weight, Vite production build** — the same hosts built by Vite (`build()`, production, minified)',
    "as it builds an app: the page's script imports the host and uses its config, so Vite's app defaults",
    'apply (no preserved entry exports: Rolldown may merge common chunks into the entry), split at dynamic',
    'imports as Vite splits them; first load = the entry chunk and every chunk it imports statically,',
    'transitively (from Vite\'s manifest), each gzipped, summed, in bytes. "Added, unsplit": the same',
    'build with every dynamic import left out (one file; Vite still wraps each `import()` in its preload',
    "helper), so the difference is the split: Rolldown's chunks and Vite's preload lists (see below):",
    '',
    ...table(
      ['bundle', 'first load', 'added', 'files', 'added, unsplit'],
      results.weightWithVite.map((w) => [
        w.bundle,
        w.firstLoad,
        signed(w.firstLoadAdded),
        w.files,
        w.unsplitAdded === undefined ? '—' : signed(w.unsplitAdded),
      ]),
    ),
    '',
    `With esbuild, ${wholePackAim(results.weight, wholePackTarget)}; with Vite, ${wholePackAim(results.weightWithVite, wholePackTarget)}${viteUnsplitClause(results.weightWithVite, results.vitePreloadHelper, wholePackTarget)}.`,
    '',
    ...nextWeightTable(results.weightWithNext, wholePackTarget),
    ...renderingWeightTables(
      results.weightRendering,
      renderingHost,
      target['rendering host']?.firstLoadAdded,
      results.esbuildReexports,
    ),
    '**Budgets** — `bench/budgets.json`, checked by `npm test` (test/integration/weight.test.ts measures',
    'these bundles as above, with esbuild and with Vite, and fails naming any over its budget); "everything"',
    'is what has loaded by the end of every connect flow. Bytes added, gzipped:',
    '',
    ...table(
      [
        'bundle',
        'first load budget',
        'aim',
        'everything budget',
        'Vite first load budget',
      ],
      Object.entries(budgets).map(([bundle, budget]) => [
        bundle,
        budget.firstLoadAdded,
        target[bundle]?.firstLoadAdded ?? '—',
        budget.everythingAdded,
        budget.viteFirstLoadAdded,
      ]),
    ),
    '',
    'What a user who connects actually downloads: the same host built by esbuild with code splitting,',
    'served gzipped, loaded in Chromium and taken through its connect flow against the sandbox',
    '(WalletConnect paired by the sandbox wallet, injected with the test wallet, passkey sign-up); the',
    'gzipped JavaScript bytes Chromium fetched until connected, and the budget of each of ours in',
    '`bench/budgets.json` (`connectFlows`, checked by test/integration/weightInBrowser.test.ts in `npm test`):',
    '',
    ...table(
      ['bundle', 'JS fetched', 'added', 'requests', 'added budget'],
      results.weightInBrowser.map((w) => [
        w.bundle,
        w.jsBytesFetched,
        signed(w.jsBytesAdded),
        w.requests,
        connectFlows[w.bundle]?.connectFetchedAdded ?? '—',
      ]),
    ),
    '',
    `In the connect flow: ${addedRatio(fetched, 'walletConnectDeepLink', 'wagmi walletConnect()')}; ${addedRatio(fetched, 'injectedWallet', 'wagmi injected()')}${connectFetchedAim(fetched, 'passkeyWallet', target.passkeyWallet?.connectFetchedAdded)}.`,
    '',
    "**passkeyWallet in Chromium** — the playground against the sandbox, passkeys from Chromium's virtual",
    'authenticator (which answers at once: with a person, the session key also saves a prompt per',
    'signature); send = click to transaction hash:',
    '',
    ...table(
      ['signing', 'sign-up', 'log-in', 'sign message p50', 'p95', 'send'],
      results.passkey.latency.map((l) => [
        l.session,
        ms(l.signUpMs),
        ms(l.logInMs),
        ms(l.signMessageP50Ms),
        ms(l.signMessageP95Ms),
        ms(l.sendTransactionMs),
      ]),
    ),
    '',
    '**WalletConnect in Chromium** — one host app (`bench/hostApp`, no test shim) built for production by',
    'Vite, with one connector, over the sandbox relay and a sandbox wallet, same SDK (2.21.8), alternating',
    'runs, medians. connect() → URI: the first connect() on a settled page (ours loads its SDK then);',
    "after prepare(): a second connect(), ours once `prepare()` resolved (wagmi's has no prepare()); reload:",
    "from the reload's navigation start until wagmi's reconnect restored the session. wagmi's connector",
    'asks Verify before each proposal and signature: answered at once by a local page, and unreachable as',
    'on the sandbox offline; ours skips it for a loopback relay. The ratio is to the first wagmi row:',
    '',
    ...table(
      [
        'connector',
        'connect() → URI',
        'after prepare()',
        '→ connected',
        'signature',
        'reload → connected',
      ],
      [
        ...results.walletConnectBrowser.map((w) => [
          w.connector,
          ms(w.connectToUriMs),
          ms(w.preparedConnectToUriMs),
          ms(w.connectToConnectedMs),
          ms(w.signatureRoundTripMs),
          ms(w.reloadToConnectedMs),
        ]),
        ...ratioRow(results.walletConnectBrowser, [
          'connectToUriMs',
          'preparedConnectToUriMs',
          'connectToConnectedMs',
          'signatureRoundTripMs',
          'reloadToConnectedMs',
        ]),
      ],
    ),
    '',
    'The same in Node (each run a new config, so connect → URI includes starting the SDK):',
    '',
    ...table(
      ['connector', 'connect() → URI', '→ connected', 'signature'],
      [
        ...results.walletConnect.map((w) => [
          w.connector,
          ms(w.connectToUriMs),
          ms(w.connectToConnectedMs),
          ms(w.signatureRoundTripMs),
        ]),
        ...ratioRow(results.walletConnect, [...latencyKeys]),
      ],
    ),
    '',
    '**Round trips** per operation, counted on the wire, beside the least the protocol needs',
    '(vendor = requests to the key vendor, chain = JSON-RPC from the page, wallet = messages to the',
    'wallet: relay publishes for WalletConnect, EIP-1193 requests for injected):',
    '',
    ...table(
      [
        'connector',
        'operation',
        'vendor',
        'chain',
        'wallet',
        'least (v / c / w)',
      ],
      results.roundTrips.map((r) => [
        r.connector,
        r.operation,
        r.repeatedReads
          ? `${r.vendorRequests} (${r.repeatedReads} a status read again)`
          : r.vendorRequests,
        r.chainRequests,
        r.walletRequests,
        `${r.least.vendorRequests} / ${r.least.chainRequests} / ${r.least.walletRequests}`,
      ]),
    ),
    '',
    ...callsTable(results.calls),
    ...promptsTable(results.prompts),
    '**Sandbox** — the vendor emulator signing `sign_raw_payload` through `@turnkey/http` with 8 requests',
    "in flight (client and emulator in one process, so the figure includes the client's stamping), and",
    'the relay carrying `irn_publish` → `irn_subscription` with 32 messages in flight:',
    '',
    ...table(
      ['what', 'per second', 'p50', 'p95'],
      [
        ...results.vendor.map((v) => [
          `vendor, ${v.stamp} stamp`,
          v.requestsPerSecond,
          ms(v.p50Ms),
          ms(v.p95Ms),
        ]),
        [
          'relay messages',
          results.relay.messagesPerSecond,
          ms(results.relay.p50Ms),
          ms(results.relay.p95Ms),
        ],
      ],
    ),
  ].join('\n')
}

/** Passkey prompts per operation, by what signs when the passkey does not. */
function promptsTable(rows: PromptsBenchRow[] | undefined) {
  if (!rows?.length) return []
  const sessions = [...new Set(rows.map((row) => row.session))]
  const operations = [...new Set(rows.map((row) => row.operation))]
  return [
    '**Prompts** — passkey prompts per operation on passkeyWallet once connected, from the request to its',
    'confirmation, counted at the authenticator (bench/prompts.ts, in Node with a software passkey, one',
    'sandbox): under the pack’s scope (`sessionScope()`), under a narrower one (`sessionScope({ to })`,',
    'transactions to one address; a batch of several calls has no `eth.tx` for it to read), and with no',
    'session key (`session: false`); — where the operation does not apply:',
    '',
    ...table(
      [
        'operation',
        ...sessions.map((session) =>
          session === 'none' ? 'no session key' : `\`${session}\``,
        ),
      ],
      operations.map((operation) => [
        operation,
        ...sessions.map(
          (session) =>
            rows.find((r) => r.session === session && r.operation === operation)
              ?.prompts ?? '—',
        ),
      ]),
    ),
    '',
  ]
}

/**
 * A batch of N calls beside the same N calls one transaction at a time, on
 * passkeyWallet: each figure of the batch, then its ratio to the N
 * transactions'.
 */
function callsTable(rows: CallsBenchRow[] | undefined) {
  if (!rows?.length) return []
  const keys = [
    'vendorRequests',
    'chainRequests',
    'transactions',
    'prompts',
    'msToConfirmed',
  ] as const
  const cell = (batch: CallsBenchRow, one: CallsBenchRow | undefined) =>
    keys.map((key) => {
      const figure = key === 'msToConfirmed' ? ms(batch[key]) : batch[key]
      return one ? `${figure} (${ratio(batch[key], one[key])})` : figure
    })
  return [
    '**Calls** — N ERC-20 transfers on passkeyWallet as one `useSendCalls` (then `useWaitForCallsStatus`),',
    'beside the same N as N `useSendTransaction`, each waited for (bench/calls.ts, in Node with a software',
    'passkey, one sandbox, 0.2 s blocks). Counted where they happen: the page’s requests to the vendor and',
    'to the chain, transactions in the blocks mined meanwhile, prompts at the authenticator; in brackets,',
    'the batch ÷ the N transactions:',
    '',
    ...table(
      [
        'N',
        'signed by',
        'way',
        'vendor',
        'chain',
        'transactions',
        'prompts',
        'to confirmed',
      ],
      rows.map((row) => {
        const one =
          row.way === 'useSendCalls'
            ? rows.find(
                (r) =>
                  r.way !== 'useSendCalls' &&
                  r.calls === row.calls &&
                  r.signer === row.signer,
              )
            : undefined
        return [
          row.calls,
          row.signer === 'session'
            ? 'session key'
            : 'passkey (`session: false`)',
          row.way,
          ...cell(row, one),
        ]
      }),
    ),
    '',
  ]
}

/** Rewrites the marked section of docs/benchmarks.md (or `file`) from a run's results. */
export function writeDocsTables(results: BenchResults, file = benchmarksPage) {
  rewriteMarkedSection(file, 'bench', renderBenchTables(results))
}
