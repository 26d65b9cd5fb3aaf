/**
 * `npm test`: check (types + lint), then unit, reliability and integration (vitest), then
 * the reliability browser suite and e2e (Playwright in Debian Chromium). Prints one count
 * per suite, the reliability summary (faults injected, bad inputs tried, requests under
 * load) and a final "N passed, N failed" line; exits non-zero if anything failed.
 * When the whole run passed, the reliability figures are also written to
 * test/reliability/results/latest.json and the marked section of docs/reliability.md.
 *
 * `node --import tsx scripts/test.ts --docs-only` runs nothing: it rewrites that
 * section from test/reliability/results/latest.json.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

type Counts = { passed: number; failed: number; skipped: number }

// Made on first use, so that importing this file (the docs test does) leaves nothing behind.
let reports: string | undefined
function reportFile(name: string) {
  reports ??= mkdtempSync(join(tmpdir(), 'wagmi-connector-pack-test-'))
  return join(reports, name)
}
const vitestReport = () => reportFile('vitest.json')
const tallyFile = () => reportFile('reliability-tally.jsonl')
const playwrightReport = () => reportFile('playwright.json')

function run(
  command: string,
  args: string[],
  env: Record<string, string> = {},
) {
  return new Promise<number>((resolve) => {
    console.log(`\n$ ${command} ${args.join(' ')}`)
    const child = spawn(command, args, {
      stdio: 'inherit',
      env: { ...process.env, ...env },
    })
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
  })
}

function readJson<type>(file: string): type | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as type
  } catch {
    return undefined
  }
}

function vitestCounts(project: string): Counts {
  const report = readJson<{
    testResults: { name: string; assertionResults: { status: string }[] }[]
  }>(vitestReport())
  const counts = { passed: 0, failed: 0, skipped: 0 }
  const folder = project === 'unit' ? '/src/' : `/test/${project}/`
  for (const file of report?.testResults ?? []) {
    if (
      !file.name.includes(folder) &&
      !(project === 'unit' && file.name.includes('/sandbox/'))
    )
      continue
    for (const { status } of file.assertionResults) {
      if (status === 'passed') counts.passed++
      else if (status === 'failed') counts.failed++
      else counts.skipped++
    }
  }
  return counts
}

type PlaywrightSuite = {
  suites?: PlaywrightSuite[]
  specs?: { tests: { projectName: string; status: string }[] }[]
}

function playwrightCounts(project: string): Counts {
  const report = readJson<{ suites: PlaywrightSuite[] }>(playwrightReport())
  const counts = { passed: 0, failed: 0, skipped: 0 }
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      for (const { projectName, status } of spec.tests) {
        if (projectName !== project) continue
        if (status === 'expected') counts.passed++
        else if (status === 'skipped') counts.skipped++
        // 'unexpected' and 'flaky' (passed only on a retry) both fail.
        else counts.failed++
      }
    for (const child of suite.suites ?? []) visit(child)
  }
  for (const suite of report?.suites ?? []) visit(suite)
  return counts
}

export type ReliabilityKind = 'fault' | 'badInput' | 'loadRequest'
const kinds: ReliabilityKind[] = ['fault', 'badInput', 'loadRequest']

/** What a run of the reliability suite did, as written to test/reliability/results/latest.json. */
export type ReliabilityResults = {
  /** ISO date of the run. */
  date: string
  /** CPUs and memory; absent when the run did not record it. */
  machine?: string | undefined
  /** `process.version` of the run; absent when the run did not record it. */
  node?: string | undefined
  totals: Record<ReliabilityKind, number>
  /** Each kind's count by what the tests named (`tally(kind, what)`). */
  byWhat?: Record<ReliabilityKind, Record<string, number>> | undefined
}

export const reliabilityResultsFile = new URL(
  '../test/reliability/results/latest.json',
  import.meta.url,
)
export const reliabilityPage = new URL(
  '../docs/reliability.md',
  import.meta.url,
)
const start = '<!-- reliability:start -->'
const end = '<!-- reliability:end -->'

/** Sums the JSON lines of test/reliability/tally.ts by kind and by what. */
export function tallyResults(
  lines: readonly string[],
  run: Pick<ReliabilityResults, 'date' | 'machine' | 'node'>,
): ReliabilityResults {
  const totals = { fault: 0, badInput: 0, loadRequest: 0 }
  const byWhat = { fault: {}, badInput: {}, loadRequest: {} } as Record<
    ReliabilityKind,
    Record<string, number>
  >
  for (const line of lines) {
    if (!line.trim()) continue
    const { kind, what, count } = JSON.parse(line) as {
      kind: ReliabilityKind
      what: string
      count: number
    }
    if (!kinds.includes(kind)) continue
    totals[kind] += count
    byWhat[kind][what] = (byWhat[kind][what] ?? 0) + count
  }
  return { ...run, totals, byWhat }
}

/** The line `npm test` prints. */
export function reliabilitySummary({
  totals,
}: Pick<ReliabilityResults, 'totals'>) {
  return `reliability summary: ${totals.fault} faults injected, ${totals.badInput} bad inputs tried, ${totals.loadRequest} requests under load`
}

/** Bad inputs by source: the words before `: ` (the table's sources, the fuzz), else the first word. */
function groupOf(what: string) {
  const colon = what.indexOf(': ')
  return colon > 0 ? what.slice(0, colon) : (what.split(' ')[0] ?? what)
}

const countTable = (header: string, rows: [string, number][]) => [
  `| ${header} | count |`,
  '| --- | --- |',
  ...rows.map(
    ([what, count]) => `| ${what.replaceAll('|', '\\|')} | ${count} |`,
  ),
]

/** The generated section of docs/reliability.md: every figure from a run's results. */
export function renderReliabilitySection(results: ReliabilityResults) {
  const { totals, byWhat } = results
  const lines = [
    `Latest full run: ${results.date.slice(0, 10)}, ${results.machine ?? 'machine not recorded'}, ${results.node ? `Node ${results.node}` : 'Node version not recorded'}. It printed`,
    '',
    '```',
    reliabilitySummary(results),
    '```',
    '',
    ...countTable('kind', [
      ['faults injected', totals.fault],
      ['bad inputs tried', totals.badInput],
      ['requests under load', totals.loadRequest],
    ]),
  ]
  if (!byWhat)
    return [
      ...lines,
      '',
      'This run recorded totals only; the next `npm test` that passes adds the figures by fault, source and load test.',
    ].join('\n')
  const grouped: Record<string, number> = {}
  for (const [what, count] of Object.entries(byWhat.badInput))
    grouped[groupOf(what)] = (grouped[groupOf(what)] ?? 0) + count
  const sorted = (counts: Record<string, number>) =>
    Object.entries(counts).sort(([a], [b]) => a.localeCompare(b))
  return [
    ...lines,
    '',
    '**Faults injected**, by fault:',
    '',
    ...countTable('fault', sorted(byWhat.fault)),
    '',
    '**Bad inputs tried**, by source:',
    '',
    ...countTable('source', sorted(grouped)),
    '',
    '**Requests under load**, by test:',
    '',
    ...countTable('test', sorted(byWhat.loadRequest)),
  ].join('\n')
}

/** Rewrites the marked section of docs/reliability.md (or `file`) from a run's results. */
export function writeReliabilityDocs(
  results: ReliabilityResults,
  file: URL = reliabilityPage,
) {
  const page = readFileSync(file, 'utf8')
  const from = page.indexOf(start)
  const to = page.indexOf(end)
  if (from < 0 || to < from)
    throw new Error(
      `${fileURLToPath(file)} needs ${start} … ${end} around the figures`,
    )
  writeFileSync(
    file,
    `${page.slice(0, from + start.length)}\n${renderReliabilitySection(results)}\n${page.slice(to)}`,
  )
}

function readTally(file: string) {
  try {
    return readFileSync(file, 'utf8').split('\n')
  } catch {
    return []
  }
}

async function main() {
  const startedAt = Date.now()
  const checkCode = await run('npm', ['run', '--silent', 'check'])
  const vitestCode = await run(
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport()}`,
    ],
    { RELIABILITY_TALLY: tallyFile() },
  )
  const playwrightCode = await run('npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport(),
    RELIABILITY_TALLY: tallyFile(),
  })

  const suites: [string, Counts, number][] = [
    ['unit', vitestCounts('unit'), vitestCode],
    ['reliability', vitestCounts('reliability'), vitestCode],
    ['integration', vitestCounts('integration'), vitestCode],
    ['reliability (browser)', playwrightCounts('reliability'), playwrightCode],
    ['e2e', playwrightCounts('e2e'), playwrightCode],
  ]
  console.log(`\ncheck: ${checkCode === 0 ? 'passed' : 'FAILED'}`)
  let passed = 0
  let failed = checkCode === 0 ? 0 : 1
  for (const [name, counts, code] of suites) {
    console.log(
      `${name}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`,
    )
    passed += counts.passed
    failed += counts.failed
    // A runner that crashed before reporting still fails the run.
    if (code !== 0 && counts.failed === 0) failed++
    if (counts.passed === 0) failed++
  }
  const reliability = tallyResults(readTally(tallyFile()), {
    date: new Date().toISOString(),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB`,
    node: process.version,
  })
  console.log(reliabilitySummary(reliability))
  // Only a run that passed changes the docs: a failing one leaves the last good figures.
  if (failed === 0) {
    mkdirSync(new URL('.', reliabilityResultsFile), { recursive: true })
    writeFileSync(
      reliabilityResultsFile,
      `${JSON.stringify(reliability, null, 2)}\n`,
    )
    writeReliabilityDocs(reliability)
    console.log(
      'reliability figures written to test/reliability/results/latest.json and docs/reliability.md',
    )
  }
  console.log(`in ${Math.round((Date.now() - startedAt) / 1000)} s`)
  console.log(`${passed} passed, ${failed} failed`)
  process.exit(failed === 0 ? 0 : 1)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--docs-only')) {
    writeReliabilityDocs(
      JSON.parse(
        readFileSync(reliabilityResultsFile, 'utf8'),
      ) as ReliabilityResults,
    )
    console.log(
      'docs/reliability.md: figures written from test/reliability/results/latest.json',
    )
  } else await main()
}
