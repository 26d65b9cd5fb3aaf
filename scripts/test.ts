/**
 * `npm test`: check (types + lint), unit, reliability and integration (vitest),
 * and the reliability browser suite and e2e (Playwright in Debian Chromium),
 * scheduled by the machine's cores (scripts/schedule.ts): each runner has a
 * weight, and no more weight runs at once than there are cores. A runner's
 * output is printed whole when it ends. Prints one count per suite, the
 * reliability summary (distinct fault scenarios and bad inputs that passed,
 * fuzz iterations, requests under load), the schedule (each runner's wait,
 * run and CPU) and a final "N passed, N failed" line; exits non-zero if
 * anything failed. When the whole run passed, the reliability figures and the
 * schedule are written to test/reliability/results/lastRun.json and
 * test/schedule/lastRun.json, which git ignores: `npm run report` makes them
 * the docs' figures. A run that leaves `git status` with anything it did not
 * have at the start fails: the tests write nothing git keeps.
 *
 * `--suite <name>` (repeated) runs those runners alone. `--reliability` runs
 * the reliability suites alone (vitest's reliability and reliability-node
 * projects, Playwright's files in test/reliability/) and, when they all
 * pass, writes the reliability figures.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs, stripVTControlCharacters } from 'node:util'
import { busyCores, followCpuTime } from './cpuTime.js'
import { addedToGitStatus, gitStatus } from './gitStatus.js'
import {
  lastRunFile,
  reliabilitySummary,
  tallyResults,
} from './reliabilityResults.js'
import {
  type ScheduleResults,
  schedule,
  scheduleLastRunFile,
  scheduleTable,
} from './schedule.js'

type Counts = { passed: number; failed: number; skipped: number }

// Made on first use, so that importing this file (the docs test does) leaves nothing behind.
let reports: string | undefined
function reportFile(name: string) {
  reports ??= mkdtempSync(join(tmpdir(), 'wagmi-connector-pack-test-'))
  return join(reports, name)
}
const vitestReport = (runner: string) => reportFile(`vitest-${runner}.json`)
const tallyFile = () => reportFile('reliability-tally.jsonl')
const playwrightReport = () => reportFile('playwright.json')

const cpuTime = followCpuTime()

/**
 * Runs one runner with its output kept apart (printed whole when it ends, so
 * runners side by side do not interleave their lines).
 */
function run({ name, command, args, env = {} }: Suite) {
  const startedAt = Date.now()
  return new Promise<{ code: number; cpu: number | undefined }>((resolve) => {
    const output: Buffer[] = []
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    })
    if (child.pid) cpuTime.follow(child.pid)
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
    child.once('close', (code, signal) => {
      const exitCode = code ?? (signal ? 1 : 0)
      console.log(
        `\n===== ${name}: ${exitCode === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - startedAt) / 1000)} s — $ ${command} ${args.join(' ')}`,
      )
      process.stdout.write(Buffer.concat(output))
      resolve({
        code: exitCode,
        cpu: child.pid ? cpuTime.end(child.pid) : undefined,
      })
    })
  })
}

function readJson<type>(file: string): type | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as type
  } catch {
    return undefined
  }
}

/** Each vitest runner's projects. */
const vitestRunners = {
  'unit+reliability': ['unit', 'reliability'],
  integration: ['integration'],
  bench: ['bench'],
  'reliability-node': ['reliability-node'],
  // The connectors' and panels' suites again, on wagmi 2.
  wagmi2: ['wagmi2'],
} as const
type VitestRunner = keyof typeof vitestRunners

const root = fileURLToPath(new URL('../', import.meta.url))

type VitestFile = { name: string; assertionResults: { status: string }[] }

const vitestFiles = (runner: VitestRunner) =>
  readJson<{ testResults: VitestFile[] }>(vitestReport(runner))?.testResults ??
  []

/** A project's counts, by where its files live (wagmi 2's run apart). */
function vitestCounts(project: string): Counts {
  const files = (Object.keys(vitestRunners) as VitestRunner[])
    .filter((runner) => runner !== 'wagmi2')
    .flatMap(vitestFiles)
  // The unit project's files live beside what they test; the others in test/<project>/.
  const folders =
    project === 'unit'
      ? [
          `${root}src/`,
          `${root}sandbox/`,
          `${root}scripts/`,
          `${root}test/helpers/`,
        ]
      : [`${root}test/${project}/`]
  return countResults(
    files.filter((file) =>
      folders.some((folder) => file.name.startsWith(folder)),
    ),
  )
}

function countResults(files: VitestFile[]): Counts {
  const counts = { passed: 0, failed: 0, skipped: 0 }
  for (const file of files) {
    for (const { status } of file.assertionResults) {
      if (status === 'passed') counts.passed++
      else if (status === 'failed') counts.failed++
      else counts.skipped++
    }
  }
  return counts
}

function vitestFailedTests(runner: VitestRunner) {
  const report = readJson<{ numFailedTests: number }>(vitestReport(runner))
  return report?.numFailedTests ?? 0
}

type PlaywrightSuite = {
  suites?: PlaywrightSuite[]
  specs?: {
    title: string
    file: string
    tests: {
      projectName: string
      status: string
      results?: { error?: { message?: string } }[]
    }[]
  }[]
}

const firstLine = (message: string | undefined) =>
  stripVTControlCharacters(message ?? '')
    .trim()
    .split('\n')[0] ?? ''

/**
 * Every failed test, by file and title, with the first line of its error: the
 * runners' own output can be long, and CI may show only the end of it.
 */
function failedTestLines(): string[] {
  const lines: string[] = []
  for (const runner of Object.keys(vitestRunners) as VitestRunner[])
    for (const file of readJson<{
      testResults: {
        name: string
        message?: string
        assertionResults: {
          fullName: string
          status: string
          failureMessages?: string[]
        }[]
      }[]
    }>(vitestReport(runner))?.testResults ?? []) {
      const where = file.name.replace(root, '')
      for (const test of file.assertionResults)
        if (test.status === 'failed')
          lines.push(
            `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`,
          )
      if (file.message) lines.push(`${where}: ${firstLine(file.message)}`)
    }
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status !== 'expected' && test.status !== 'skipped')
          lines.push(
            `${spec.file} › ${spec.title} (${test.projectName}): ${firstLine(test.results?.at(-1)?.error?.message)}`,
          )
    for (const child of suite.suites ?? []) visit(child)
  }
  for (const suite of readJson<{ suites: PlaywrightSuite[] }>(
    playwrightReport(),
  )?.suites ?? [])
    visit(suite)
  return lines
}

/**
 * The Playwright counts of the files under `folder` (test/reliability/ or
 * test/e2e/), by where they live: a project may hold both
 * (playwright.config.ts).
 */
function playwrightCounts(folder: string): Counts {
  const report = readJson<{ suites: PlaywrightSuite[] }>(playwrightReport())
  const counts = { passed: 0, failed: 0, skipped: 0 }
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      if (!spec.file.startsWith(folder)) continue
      for (const { status } of spec.tests) {
        if (status === 'expected') counts.passed++
        else if (status === 'skipped') counts.skipped++
        // 'unexpected' and 'flaky' (passed only on a retry) both fail.
        else counts.failed++
      }
    }
    for (const child of suite.suites ?? []) visit(child)
  }
  for (const suite of report?.suites ?? []) visit(suite)
  return counts
}

function readTally(file: string) {
  try {
    return readFileSync(file, 'utf8').split('\n')
  } catch {
    return []
  }
}

/** A runner `npm test` schedules: one process, with its weight on the machine. */
type Suite = {
  name: SuiteName
  /** The cores it keeps busy, on average, while it runs (measured alone). */
  weight: number
  command: string
  args: string[]
  env?: Record<string, string>
  /** The counts it adds to (a count of several runners is checked once all ran). */
  counts: readonly CountName[]
}

type CountName =
  | 'unit'
  | 'reliability'
  | 'integration'
  | 'wagmi 2'
  | 'reliability (browser)'
  | 'e2e'
type SuiteName = VitestRunner | 'check' | 'playwright'

const cores = availableParallelism()

/**
 * Every runner, in the order they start. First the two that compute and end
 * within a minute (their failures come first, and nothing waits on a chain
 * or a browser beside them), then the browser suite, which takes longest,
 * and the suites that mostly wait. A weight is the cores the runner used in
 * a whole run, where it shares the machine: its CPU time over its run, the
 * table's "cores used" (docs/testing.md); the pure files' grows with the
 * workers they get.
 */
function suites(reliabilityOnly: boolean): Suite[] {
  const vitest = (
    name: VitestRunner,
    weight: number,
    counts: readonly CountName[],
    // Pure files run on every core; the others share the processes they start.
    workers = 1,
    projects: readonly string[] = vitestRunners[name],
  ): Suite => ({
    name,
    weight,
    command: 'npx',
    args: [
      'vitest',
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport(name)}`,
      `--maxWorkers=${workers}`,
    ],
    env: { RELIABILITY_TALLY: tallyFile() },
    counts,
  })
  const playwright: Suite = {
    name: 'playwright',
    // Two Chromiums, the playgrounds' servers and sandboxes, and a Next.js build.
    weight: 1.15,
    command: 'npx',
    args: [
      'playwright',
      'test',
      ...(reliabilityOnly
        ? ['--project=own-playground', 'test/reliability/']
        : []),
    ],
    env: {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport(),
      RELIABILITY_TALLY: tallyFile(),
    },
    counts: reliabilityOnly
      ? ['reliability (browser)']
      : ['reliability (browser)', 'e2e'],
  }
  // It waits on faults, deadlines and a soak, and runs as long as the browsers.
  const reliabilityNode = vitest('reliability-node', 0.15, ['reliability'])
  const pureWeight = 0.9 * cores
  const pure = reliabilityOnly
    ? vitest('unit+reliability', pureWeight, ['reliability'], cores, [
        'reliability',
      ])
    : vitest('unit+reliability', pureWeight, ['unit', 'reliability'], cores)
  if (reliabilityOnly) return [pure, playwright, reliabilityNode]
  return [
    // check without its build's type pass: the package's build, which the
    // package and Next.js tests run once (test/helpers/builtPackage.ts), is
    // that pass. TypeScript 7 checks on every core.
    {
      name: 'check',
      weight: 1.7,
      command: 'npm',
      args: ['run', '--silent', 'lint'],
      counts: [],
    },
    reliabilityNode,
    pure,
    playwright,
    vitest('integration', 0.25, ['integration']),
    // esbuild, Vite and Next.js builds, then connect flows in Chromium.
    vitest('bench', 0.6, ['integration']),
    vitest('wagmi2', 0.25, ['wagmi 2']),
  ]
}

function counts(name: CountName): Counts {
  if (name === 'wagmi 2') return countResults(vitestFiles('wagmi2'))
  if (name === 'reliability (browser)')
    return playwrightCounts('test/reliability/')
  if (name === 'e2e') return playwrightCounts('test/e2e/')
  return vitestCounts(name)
}

/**
 * `npm test`: every suite, or those named with `--suite`. With
 * `reliabilityOnly` (`--reliability`): the reliability suites alone (vitest's
 * reliability and reliability-node projects, Playwright's files in
 * test/reliability/), no check, unit, integration or e2e.
 */
async function main(reliabilityOnly: boolean, only: readonly string[]) {
  const busyCoresBefore = await busyCores()
  const startedAt = Date.now()
  const statusAtStart = gitStatus(root)
  const everyRunner = suites(reliabilityOnly)
  const unknown = only.filter(
    (name) => !everyRunner.some((suite) => suite.name === name),
  )
  if (unknown.length > 0) {
    console.error(
      `Unknown suite ${unknown.join(', ')}: name one of ${everyRunner.map(({ name }) => name).join(', ')}`,
    )
    process.exit(2)
  }
  const runners =
    only.length > 0
      ? everyRunner.filter(({ name }) => only.includes(name))
      : everyRunner
  const ran = await schedule(
    runners.map((suite) => ({
      name: suite.name,
      weight: suite.weight,
      start: () => run(suite),
    })),
    cores,
  )
  let passed = 0
  let failed = 0
  const check = ran.find(({ name }) => name === 'check')
  if (check) {
    console.log(`\ncheck: ${check.result.code === 0 ? 'passed' : 'FAILED'}`)
    if (check.result.code !== 0) failed++
  }
  const countNames = [
    'unit',
    'reliability',
    'integration',
    'wagmi 2',
    'reliability (browser)',
    'e2e',
  ].filter((name) =>
    runners.some((suite) => suite.counts.includes(name as CountName)),
  ) as CountName[]
  for (const name of countNames) {
    const { passed: passedHere, failed: failedHere, skipped } = counts(name)
    console.log(
      `${name}: ${passedHere} passed, ${failedHere} failed${skipped ? `, ${skipped} skipped` : ''}`,
    )
    passed += passedHere
    failed += failedHere
    if (passedHere === 0) failed++
  }
  // A runner that failed with no failed test (a crash, an unhandled error) counts once.
  const runnerFailures = ran
    .filter(({ name }) => name !== 'check')
    .map(({ name, result }) => ({
      name,
      code: result.code,
      failedTests:
        name === 'playwright'
          ? playwrightCounts('test/reliability/').failed +
            playwrightCounts('test/e2e/').failed
          : vitestFailedTests(name as VitestRunner),
    }))
    .filter(({ code, failedTests }) => code !== 0 && failedTests === 0)
  for (const { name } of runnerFailures)
    console.log(`${name}: failed without a failed test (see its output)`)
  for (const line of failedTestLines()) console.log(`failed: ${line}`)
  failed += runnerFailures.length
  const machine = `${cores} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB`
  const reliability = tallyResults(readTally(tallyFile()), {
    date: new Date().toISOString(),
    machine,
    node: process.version,
    ran: reliabilityOnly ? 'reliability suites' : 'npm test',
  })
  console.log(reliabilitySummary(reliability))
  const addedFiles = addedToGitStatus(statusAtStart, gitStatus(root))
  for (const line of addedFiles)
    console.log(`failed: npm test changed what git keeps: ${line}`)
  failed += addedFiles.length
  const seconds = Math.round((Date.now() - startedAt) / 1000)
  cpuTime.stop()
  const scheduled = ran.map(({ name, waited, ran, result }) => ({
    name,
    weight: runners.find((suite) => suite.name === name)!.weight,
    waited,
    ran,
    ...(result.cpu === undefined ? {} : { cpu: result.cpu }),
  }))
  console.log(
    `\nthe schedule: ${cores} cores, at most weight ${cores} at once; ${busyCoresBefore} cores busy with other work before the start`,
  )
  console.log(scheduleTable(scheduled))
  // Only a run that passed records its figures: a failing one leaves the last good ones.
  if (failed === 0 && only.length === 0) {
    writeFileSync(lastRunFile, `${JSON.stringify(reliability, null, 2)}\n`)
    console.log(
      'reliability figures written to test/reliability/results/lastRun.json (`npm run report` puts them in docs/reliability.md)',
    )
    if (!reliabilityOnly) {
      const results: ScheduleResults = {
        date: reliability.date,
        machine,
        node: process.version,
        capacity: cores,
        busyCoresBefore,
        seconds,
        suites: scheduled,
      }
      writeFileSync(
        scheduleLastRunFile,
        `${JSON.stringify(results, null, 2)}\n`,
      )
      console.log(
        'the schedule written to test/schedule/lastRun.json (`npm run report` puts it in docs/testing.md)',
      )
    }
  }
  console.log(`in ${seconds} s`)
  console.log(`${passed} passed, ${failed} failed`)
  process.exit(failed === 0 ? 0 : 1)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      reliability: { type: 'boolean', default: false },
      suite: { type: 'string', multiple: true, default: [] },
    },
  })
  await main(values.reliability, values.suite)
}
