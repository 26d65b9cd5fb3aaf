/**
 * The reliability figures: the tests' tallies (test/helpers/reliabilityTally.ts) summed
 * into a run's results, the line `npm test` prints, and the section of
 * docs/reliability.md they render.
 */
import { rewriteMarkedSection } from './rewriteMarkedSection.js'

type ReliabilityKind =
  | 'fault'
  | 'badInput'
  | 'fuzzIteration'
  | 'loadRequest'
  | 'soakStep'
const kinds: ReliabilityKind[] = [
  'fault',
  'badInput',
  'fuzzIteration',
  'loadRequest',
  'soakStep',
]

/** What a passing run of the reliability suites did. */
export type ReliabilityResults = {
  /** ISO date of the run. */
  date: string
  /** CPUs and memory. */
  machine: string
  /** `process.version` of the run. */
  node: string
  /** What ran: every suite (`npm test`) or the reliability suites alone (`--reliability`). */
  ran: 'npm test' | 'reliability suites'
  /**
   * Fault scenarios and bad inputs: distinct names (a name recorded twice counts
   * once); fuzz iterations, requests under load and soak steps: sums.
   */
  totals: Record<ReliabilityKind, number>
  /** The totals by what the tests named (`tally(kind, what)`). */
  byWhat: {
    /** Every fault scenario, by name. */
    fault: string[]
    /** Distinct bad inputs by source (the words before `: `, else the first word). */
    badInput: Record<string, number>
    /** Fuzz iterations by test. */
    fuzzIteration: Record<string, number>
    /** Requests under load by test. */
    loadRequest: Record<string, number>
    /** Soak steps by run (its seed). */
    soakStep: Record<string, number>
  }
}

/** The figures docs/reliability.md shows (tracked): `npm run report` writes it from the last run. */
export const reliabilityResultsFile = new URL(
  '../test/reliability/results/latest.json',
  import.meta.url,
)
/** The last passing run's figures, which `npm test` writes (ignored by git). */
export const lastRunFile = new URL(
  '../test/reliability/results/lastRun.json',
  import.meta.url,
)
const reliabilityPage = new URL('../docs/reliability.md', import.meta.url)

/** A bad input's source: the words before `: ` (the table's sources), else the first word. */
function sourceOf(what: string) {
  const colon = what.indexOf(': ')
  return colon > 0 ? what.slice(0, colon) : (what.split(' ')[0] ?? what)
}

const byName = (counts: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)),
  )

/**
 * Sums the JSON lines of test/helpers/reliabilityTally.ts: fault scenarios and bad
 * inputs as distinct names, fuzz iterations and requests under load as sums.
 */
export function tallyResults(
  lines: readonly string[],
  run: Pick<ReliabilityResults, 'date' | 'machine' | 'node' | 'ran'>,
): ReliabilityResults {
  const faults = new Set<string>()
  const badInputs = new Set<string>()
  const sums = {
    fuzzIteration: {} as Record<string, number>,
    loadRequest: {} as Record<string, number>,
    soakStep: {} as Record<string, number>,
  }
  for (const line of lines) {
    if (!line.trim()) continue
    const { kind, what, count } = JSON.parse(line) as {
      kind: ReliabilityKind
      what: string
      count: number
    }
    if (!kinds.includes(kind)) continue
    if (kind === 'fault') faults.add(what)
    else if (kind === 'badInput') badInputs.add(what)
    else sums[kind][what] = (sums[kind][what] ?? 0) + count
  }
  const badInputsBySource: Record<string, number> = {}
  for (const what of badInputs)
    badInputsBySource[sourceOf(what)] =
      (badInputsBySource[sourceOf(what)] ?? 0) + 1
  const total = (counts: Record<string, number>) =>
    Object.values(counts).reduce((sum, count) => sum + count, 0)
  return {
    ...run,
    totals: {
      fault: faults.size,
      badInput: badInputs.size,
      fuzzIteration: total(sums.fuzzIteration),
      loadRequest: total(sums.loadRequest),
      soakStep: total(sums.soakStep),
    },
    byWhat: {
      fault: [...faults].sort((a, b) => a.localeCompare(b)),
      badInput: byName(badInputsBySource),
      fuzzIteration: byName(sums.fuzzIteration),
      loadRequest: byName(sums.loadRequest),
      soakStep: byName(sums.soakStep),
    },
  }
}

/** The line `npm test` prints. */
export function reliabilitySummary({
  totals,
}: Pick<ReliabilityResults, 'totals'>) {
  return `reliability summary: ${totals.fault} fault scenarios, ${totals.badInput} distinct bad inputs, ${totals.fuzzIteration} fuzz iterations, ${totals.loadRequest} requests under load, ${totals.soakStep} soak steps`
}

const countTable = (header: string, unit: string, rows: [string, number][]) => [
  `| ${header} | ${unit} |`,
  '| --- | --- |',
  ...rows.map(
    ([what, count]) => `| ${what.replaceAll('|', '\\|')} | ${count} |`,
  ),
]

const whatRan = {
  'npm test': 'every suite (`npm test`)',
  'reliability suites':
    'the reliability suites (`node --import tsx scripts/test.ts --reliability`)',
}

/** The generated section of docs/reliability.md: every figure from a run's results. */
export function renderReliabilitySection(results: ReliabilityResults) {
  const { totals, byWhat } = results
  return [
    `Latest passing run: ${results.date.slice(0, 10)}, ${results.machine}, Node ${results.node}, ${whatRan[results.ran]}. It printed`,
    '',
    '```',
    reliabilitySummary({ totals }),
    '```',
    '',
    ...countTable('figure', 'count', [
      ['fault scenarios (distinct, each passed)', totals.fault],
      ['bad inputs (distinct named cases, each passed)', totals.badInput],
      ['fuzz iterations (generated inputs)', totals.fuzzIteration],
      ['requests under load', totals.loadRequest],
      [
        'soak steps (random operations, invariants checked after each)',
        totals.soakStep,
      ],
    ]),
    '',
    '**Fault scenarios**, each a test that passed:',
    '',
    ...byWhat.fault.map((name) => `- ${name}`),
    '',
    '**Distinct bad inputs**, by source:',
    '',
    ...countTable('source', 'cases', Object.entries(byWhat.badInput)),
    '',
    '**Fuzz iterations**, by test:',
    '',
    ...countTable('test', 'iterations', Object.entries(byWhat.fuzzIteration)),
    '',
    '**Requests under load**, by test:',
    '',
    ...countTable('test', 'requests', Object.entries(byWhat.loadRequest)),
    '',
    '**Soak steps**, by run:',
    '',
    ...countTable('run', 'steps', Object.entries(byWhat.soakStep)),
  ].join('\n')
}

/** Rewrites the marked section of docs/reliability.md (or `file`) from a run's results. */
export function writeReliabilityDocs(
  results: ReliabilityResults,
  file: URL = reliabilityPage,
) {
  rewriteMarkedSection(file, 'reliability', renderReliabilitySection(results))
}
