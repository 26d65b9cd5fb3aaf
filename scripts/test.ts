/**
 * `npm test`: check (types + lint), unit, reliability and integration (vitest), and
 * the reliability browser suite and e2e (Playwright in Debian Chromium), side by side:
 * the tests wait on chains, relays and browsers far more than they compute, and each
 * runner that starts processes starts its own. A runner's output is printed whole
 * when it ends. Prints one count per suite, the reliability summary (distinct fault scenarios and bad inputs that
 * passed, fuzz iterations, requests under load) and a final "N passed, N failed"
 * line; exits non-zero if anything failed.
 * When the whole run passed, the reliability figures are written to
 * test/reliability/results/lastRun.json, which git ignores: `npm run report`
 * makes them the docs' figures. A run that leaves `git status` with anything it
 * did not have at the start fails: the tests write nothing git keeps.
 *
 * `node --import tsx scripts/test.ts --reliability` runs the reliability suites alone
 * (vitest's reliability and reliability-node projects, Playwright's reliability
 * project) and, when they all pass, writes the same figures.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import { addedToGitStatus, gitStatus } from './gitStatus.js'
import {
  lastRunFile,
  reliabilitySummary,
  tallyResults,
} from './reliabilityResults.js'

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

type Outcome = { name: string; code: number; seconds: number }

/**
 * Runs one runner with its output kept apart (printed whole when it ends, so
 * runners side by side do not interleave their lines).
 */
function run(
  name: string,
  command: string,
  args: string[],
  {
    env = {},
    computeBound = false,
  }: {
    env?: Record<string, string>
    /**
     * Runs at a lower CPU priority: it computes, while the others mostly wait
     * on chains, relays and browsers and must not miss their turn.
     */
    computeBound?: boolean
  } = {},
) {
  const startedAt = Date.now()
  return new Promise<Outcome>((resolve) => {
    const output: Buffer[] = []
    const [file, ...fileArgs] = computeBound
      ? ['nice', '-n', '10', command, ...args]
      : [command, ...args]
    const child = spawn(file!, fileArgs, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    })
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk))
    child.once('close', (code, signal) => {
      const outcome = {
        name,
        code: code ?? (signal ? 1 : 0),
        seconds: Math.round((Date.now() - startedAt) / 1000),
      }
      console.log(
        `\n===== ${name}: ${outcome.code === 0 ? 'passed' : 'FAILED'} in ${outcome.seconds} s — $ ${command} ${args.join(' ')}`,
      )
      process.stdout.write(Buffer.concat(output))
      resolve(outcome)
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

const vitestRunners = {
  'unit + reliability': ['unit', 'reliability'],
  integration: ['integration'],
  bench: ['bench'],
  'reliability (node)': ['reliability-node'],
  // The connectors' and panels' suites again, on wagmi 2.
  'wagmi 2': ['wagmi2'],
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
    .filter((runner) => runner !== 'wagmi 2')
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

/** A project's counts, with those of its parts (`e2e` counts `e2e-wallets` and `e2e-nextjs` too). */
function playwrightCounts(project: string): Counts {
  const report = readJson<{ suites: PlaywrightSuite[] }>(playwrightReport())
  const counts = { passed: 0, failed: 0, skipped: 0 }
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      for (const { projectName, status } of spec.tests) {
        if (projectName !== project && !projectName.startsWith(`${project}-`))
          continue
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

function readTally(file: string) {
  try {
    return readFileSync(file, 'utf8').split('\n')
  } catch {
    return []
  }
}

/**
 * `npm test`: every suite. With `reliabilityOnly` (`--reliability`): the
 * reliability suites alone (vitest's reliability and reliability-node
 * projects, Playwright's reliability project), no check, unit, integration or e2e.
 */
async function main(reliabilityOnly: boolean) {
  const startedAt = Date.now()
  const statusAtStart = gitStatus(root)
  const vitest = (runner: VitestRunner) =>
    run(
      `vitest ${runner}`,
      'npx',
      [
        'vitest',
        'run',
        ...vitestRunners[runner].flatMap((project) => ['--project', project]),
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${vitestReport(runner)}`,
        // Pure tests two files at a time; the others share the processes they start.
        `--maxWorkers=${runner === 'unit + reliability' ? 2 : 1}`,
      ],
      {
        env: { RELIABILITY_TALLY: tallyFile() },
        computeBound: runner === 'unit + reliability',
      },
    )
  const runners: VitestRunner[] = reliabilityOnly
    ? ['unit + reliability', 'reliability (node)']
    : [
        'unit + reliability',
        'integration',
        'bench',
        'reliability (node)',
        'wagmi 2',
      ]
  // The longest first, so that it starts before the others load the machine.
  const [playwright, check, ...vitests] = await Promise.all([
    run(
      'playwright',
      'npx',
      [
        'playwright',
        'test',
        ...(reliabilityOnly ? ['--project=reliability'] : []),
      ],
      {
        env: {
          PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport(),
          RELIABILITY_TALLY: tallyFile(),
        },
      },
    ),
    reliabilityOnly
      ? undefined
      : // check without its build's type pass: the package's build, which the
        // package and Next.js tests run once (test/helpers/builtPackage.ts), is that pass.
        run('check', 'npm', ['run', '--silent', 'lint'], {
          computeBound: true,
        }),
    ...runners.map(vitest),
  ])
  const checkCode = check?.code
  const everySuite: [string, Counts][] = [
    ['unit', vitestCounts('unit')],
    ['reliability', vitestCounts('reliability')],
    ['integration', vitestCounts('integration')],
    ['wagmi 2', countResults(vitestFiles('wagmi 2'))],
    ['reliability (browser)', playwrightCounts('reliability')],
    ['e2e', playwrightCounts('e2e')],
  ]
  const suites = reliabilityOnly
    ? everySuite.filter(([name]) => name.startsWith('reliability'))
    : everySuite
  if (checkCode !== undefined)
    console.log(`\ncheck: ${checkCode === 0 ? 'passed' : 'FAILED'}`)
  let passed = 0
  let failed = checkCode ? 1 : 0
  for (const [name, counts] of suites) {
    console.log(
      `${name}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`,
    )
    passed += counts.passed
    failed += counts.failed
    if (counts.passed === 0) failed++
  }
  // A runner that failed with no failed test (a crash, an unhandled error) counts once.
  const runnerFailures = [
    ...runners.map((runner, index) => ({
      name: `vitest ${runner}`,
      code: vitests[index]!.code,
      failedTests: vitestFailedTests(runner),
    })),
    {
      name: 'playwright',
      code: playwright.code,
      failedTests:
        playwrightCounts('reliability').failed + playwrightCounts('e2e').failed,
    },
  ].filter(({ code, failedTests }) => code !== 0 && failedTests === 0)
  for (const { name } of runnerFailures)
    console.log(`${name}: failed without a failed test (see its output)`)
  for (const line of failedTestLines()) console.log(`failed: ${line}`)
  failed += runnerFailures.length
  const reliability = tallyResults(readTally(tallyFile()), {
    date: new Date().toISOString(),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB`,
    node: process.version,
    ran: reliabilityOnly ? 'reliability suites' : 'npm test',
  })
  console.log(reliabilitySummary(reliability))
  const addedFiles = addedToGitStatus(statusAtStart, gitStatus(root))
  for (const line of addedFiles)
    console.log(`failed: npm test changed what git keeps: ${line}`)
  failed += addedFiles.length
  // Only a run that passed records its figures: a failing one leaves the last good ones.
  if (failed === 0) {
    writeFileSync(lastRunFile, `${JSON.stringify(reliability, null, 2)}\n`)
    console.log(
      'reliability figures written to test/reliability/results/lastRun.json (`npm run report` puts them in docs/reliability.md)',
    )
  }
  console.log(`in ${Math.round((Date.now() - startedAt) / 1000)} s`)
  console.log(`${passed} passed, ${failed} failed`)
  process.exit(failed === 0 ? 0 : 1)
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  await main(process.argv.includes('--reliability'))
