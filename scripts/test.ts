/**
 * `npm test`: check (types + lint), then unit, reliability and integration (vitest), then
 * the reliability browser suite and e2e (Playwright in Debian Chromium). Prints one count
 * per suite, the reliability summary (faults injected, bad inputs tried, requests under
 * load) and a final "N passed, N failed" line; exits non-zero if anything failed.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

type Counts = { passed: number; failed: number; skipped: number }

const reports = mkdtempSync(join(tmpdir(), 'wagmi-connector-pack-test-'))
const vitestReport = join(reports, 'vitest.json')
const tallyFile = join(reports, 'reliability-tally.jsonl')
const playwrightReport = join(reports, 'playwright.json')

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
  }>(vitestReport)
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
  const report = readJson<{ suites: PlaywrightSuite[] }>(playwrightReport)
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

/** The reliability suite's own line: what it injected, tried and sent (test/reliability/tally.ts). */
function reliabilitySummary() {
  const sums = { fault: 0, badInput: 0, loadRequest: 0 }
  let lines: string[] = []
  try {
    lines = readFileSync(tallyFile, 'utf8').split('\n').filter(Boolean)
  } catch {}
  for (const line of lines) {
    const { kind, count } = JSON.parse(line) as {
      kind: keyof typeof sums
      count: number
    }
    sums[kind] += count
  }
  return `reliability summary: ${sums.fault} faults injected, ${sums.badInput} bad inputs tried, ${sums.loadRequest} requests under load`
}

const startedAt = Date.now()
const checkCode = await run('npm', ['run', '--silent', 'check'])
const vitestCode = await run(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ],
  { RELIABILITY_TALLY: tallyFile },
)
const playwrightCode = await run('npx', ['playwright', 'test'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  RELIABILITY_TALLY: tallyFile,
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
console.log(reliabilitySummary())
console.log(`in ${Math.round((Date.now() - startedAt) / 1000)} s`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
