/**
 * Keeps README.md and docs/ honest: links resolve, every page is reachable
 * from the README, every exported error class is documented, the generated
 * sections are what their results files (and the sandbox's route table)
 * render to, and the README stays one screen. Reads files only: no sandbox
 * runs, and no DOM (happy-dom's URL would
 * resolve `new URL('../docs/…', import.meta.url)` against its own page).
 */
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { type BenchResults, renderBenchTables } from '../bench/docsTables.js'
import { routes } from '../sandbox/turnkey/routes.js'
import { BaseError } from '../src/core/errors.js'
import {
  type ReliabilityResults,
  reliabilityResultsFile,
  reliabilitySummary,
  renderReliabilitySection,
  tallyResults,
  writeReliabilityDocs,
} from './reliabilityResults.js'
import { renderSandboxRoutes } from './sandboxRoutes.js'
import {
  renderScheduleSection,
  type ScheduleResults,
  scheduleResultsFile,
} from './schedule.js'

const root = fileURLToPath(new URL('../', import.meta.url))
const docsDir = join(root, 'docs')
const docsPages = readdirSync(docsDir)
  .filter((name) => name.endsWith('.md'))
  .map((name) => join(docsDir, name))
const pages = [join(root, 'README.md'), ...docsPages]
const read = (file: string) => readFileSync(file, 'utf8')
const shown = (file: string) => relative(root, file)

/** Markdown without its code blocks and code spans, where link syntax is only text. */
function prose(markdown: string) {
  return markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '')
}

/** Every `[text](target)` link of a page, minus external and mail links. */
function relativeLinks(markdown: string) {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
function anchors(markdown: string) {
  const seen = new Map<string, number>()
  const result = new Set<string>()
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const slug = heading!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    result.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return result
}

/** The text between a page's generated-section markers. */
function section(markdown: string, name: string) {
  const start = `<!-- ${name}:start -->\n`
  const end = `\n<!-- ${name}:end -->`
  const from = markdown.indexOf(start)
  const to = markdown.indexOf(end)
  expect(from, `<!-- ${name}:start -->`).toBeGreaterThanOrEqual(0)
  expect(to, `<!-- ${name}:end -->`).toBeGreaterThan(from)
  return markdown.slice(from + start.length, to)
}

/** A page without its generated sections: what is left was written by hand. */
function handWritten(markdown: string) {
  return markdown.replace(/<!-- (\w+):start -->[\s\S]*?<!-- \1:end -->/g, '')
}

describe('README.md', () => {
  it('fits one screen', () => {
    const lines = read(join(root, 'README.md')).trimEnd().split('\n')
    expect(lines.length).toBeLessThanOrEqual(60)
  })

  it('links every docs page', () => {
    const linked = new Set(
      relativeLinks(read(join(root, 'README.md'))).map((target) =>
        resolve(root, target.split('#')[0]!),
      ),
    )
    const missing = docsPages.filter((page) => !linked.has(page))
    expect(missing.map(shown)).toEqual([])
  })
})

describe('README.md and docs/', () => {
  it('every relative link points at an existing file (and heading)', () => {
    const broken: string[] = []
    for (const page of pages) {
      for (const target of relativeLinks(read(page))) {
        const [path, anchor] = target.split('#') as [string, string?]
        const file = path ? resolve(dirname(page), path) : page
        if (!existsSync(file)) {
          broken.push(`${shown(page)}: ${target} (no such file)`)
          continue
        }
        if (
          anchor &&
          statSync(file).isFile() &&
          file.endsWith('.md') &&
          !anchors(read(file)).has(anchor)
        )
          broken.push(`${shown(page)}: ${target} (no such heading)`)
      }
    }
    expect(broken).toEqual([])
  })

  it('types no measured figure by hand', () => {
    const typed: string[] = []
    for (const page of pages) {
      const text = prose(handWritten(read(page)))
      for (const [figure] of text.matchAll(
        /\babout \d[\d.,]*|\d[\d.,]*\s?(?:kB|KB|KiB)\b/g,
      ))
        typed.push(`${shown(page)}: ${figure}`)
    }
    expect(typed).toEqual([])
  })
})

describe('connector pages', () => {
  it('give each connector its id, name and type as wagmi sees them', async () => {
    const [{ createConfig }, { http }, { mainnet }] = await Promise.all([
      import('@wagmi/core'),
      import('viem'),
      import('viem/chains'),
    ])
    const { passkeyWallet } = await import('../src/exports/passkey.js')
    const { walletConnectDeepLink, trust } = await import(
      '../src/exports/walletconnect.js'
    )
    const { injectedWallet, metamask: metamaskWallet } = await import(
      '../src/exports/injected.js'
    )
    const config = createConfig({
      chains: [mainnet],
      connectors: [
        passkeyWallet({
          organizationId: '00000000-0000-4000-8000-000000000000',
          createAccount: async () => ({ subOrganizationId: 'x' }),
        }),
        walletConnectDeepLink({ projectId: 'x', wallet: trust }),
        injectedWallet({ wallet: metamaskWallet }),
      ],
      transports: { [mainnet.id]: http() },
    })
    const [passkey, walletConnect, metamask] = config.connectors
    const row = (c: { id: string; name: string; type: string }) =>
      `| \`${c.id}\` | \`${c.name}\` | \`${c.type}\` |`
    expect(read(join(docsDir, 'passkey.md'))).toContain(row(passkey!))
    expect(read(join(docsDir, 'walletconnect.md'))).toContain(
      row(walletConnect!),
    )
    const injected = read(join(docsDir, 'injected.md'))
    expect(injected).toContain(
      `its id: \`${metamask!.id}\` | its name: \`${metamask!.name}\``,
    )
    expect(injected).toContain(`\`connector.type\` is \`${metamask!.type}\``)
  })
})

describe('docs/errors.md', () => {
  it('documents every error class a public subpath exports, with the subpaths that export it', async () => {
    const exportsDir = join(root, 'src/exports')
    const entries = readdirSync(exportsDir).filter(
      (name) => /\.tsx?$/.test(name) && !name.includes('.test.'),
    )
    expect(entries.length).toBeGreaterThan(0)
    const exported = new Map<string, string[]>()
    for (const entry of entries) {
      const url = pathToFileURL(join(exportsDir, entry)).href
      const module = (await import(/* @vite-ignore */ url)) as Record<
        string,
        unknown
      >
      for (const [name, value] of Object.entries(module))
        if (
          typeof value === 'function' &&
          (value === BaseError || value.prototype instanceof BaseError)
        )
          exported.set(name, [...(exported.get(name) ?? []), entry])
    }
    expect(exported.size).toBeGreaterThan(1)
    const errors = read(join(docsDir, 'errors.md'))
    const documented = (name: string) =>
      errors.includes(`| \`${name}\` |`) ||
      new RegExp(`^#+ \`?${name}\`?\\s*$`, 'm').test(errors)
    const missing = [...exported]
      .filter(([name]) => !documented(name))
      .map(([name, subpaths]) => `${name} (from ${subpaths.join(', ')})`)
    expect(missing).toEqual([])
    // The table's last column names where to import each class from.
    const listedSubpaths = (name: string) => {
      const row = errors
        .split('\n')
        .find((line) => line.startsWith(`| \`${name}\` |`))
      const cell = row?.trimEnd().slice(0, -1).split('|').at(-1) ?? ''
      return cell.trim() === 'every subpath'
        ? [...new Set(entries.map(subpathOf))].sort()
        : [...cell.matchAll(/`\/([\w-]+)`/g)].map((match) => match[1]!).sort()
    }
    const misplaced = [...exported]
      .filter(([name]) => errors.includes(`| \`${name}\` |`))
      .map(([name, from]) => ({
        name,
        listed: listedSubpaths(name),
        exported: [...new Set(from.map(subpathOf))].sort(),
      }))
      .filter(({ listed, exported }) => listed.join() !== exported.join())
    expect(misplaced).toEqual([])
  })

  it("lists each class's code as the class gives it, and no class a subpath does not export", async () => {
    const errors = read(join(docsDir, 'errors.md'))
    const exportsDir = join(root, 'src/exports')
    const classes = new Map<string, { code?: unknown }>()
    for (const entry of readdirSync(exportsDir).filter(
      (name) => /\.tsx?$/.test(name) && !name.includes('.test.'),
    )) {
      const url = pathToFileURL(join(exportsDir, entry)).href
      const module = (await import(/* @vite-ignore */ url)) as Record<
        string,
        unknown
      >
      // Every error class, the pack's BaseError or wagmi's (ProviderNotFoundError, …).
      for (const [name, value] of Object.entries(module))
        if (typeof value === 'function' && value.prototype instanceof Error)
          classes.set(name, value as { code?: unknown })
    }
    const rows = errors
      .split('\n')
      .map((line) => line.match(/^\| `(\w+Error)` \| ([^|]*) \|/))
      .filter((match) => match !== null)
    const wrong: string[] = []
    for (const [, name, codeCell] of rows) {
      const exported = classes.get(name!)
      const subpaths = errors
        .split('\n')
        .find((line) => line.startsWith(`| \`${name}\` |`))!
        .trimEnd()
        .slice(0, -1)
        .split('|')
        .at(-1)!
        .trim()
      // A class no subpath exports says so ('—'), and is told by its code.
      if (!exported) {
        if (subpaths !== '—')
          wrong.push(`${name}: not exported, listed as ${subpaths}`)
        continue
      }
      const code = exported.code
      const documentedCode = codeCell!.match(/^`([\w-]+)`/)?.[1]
      if (typeof code === 'string' && documentedCode !== code)
        wrong.push(`${name}: code ${code}, documented ${codeCell!.trim()}`)
    }
    for (const name of classes.keys())
      if (!rows.some(([, row]) => row === name))
        wrong.push(`${name}: exported, no row in docs/errors.md`)
    expect(wrong).toEqual([])
  })
})

/** The package subpath an entry file of src/exports is published as. */
const subpathOf = (entry: string) =>
  entry.replace(/\.tsx?$/, '').replace(/\.browser$/, '')

describe('generated sections', () => {
  it('docs/benchmarks.md shows the tables of bench/results/latest.json', () => {
    const results = JSON.parse(
      read(join(root, 'bench/results/latest.json')),
    ) as BenchResults
    expect(section(read(join(docsDir, 'benchmarks.md')), 'bench')).toBe(
      renderBenchTables(results),
    )
  })

  it('docs/reliability.md shows the figures of test/reliability/results/latest.json', () => {
    const results = JSON.parse(
      readFileSync(reliabilityResultsFile, 'utf8'),
    ) as ReliabilityResults
    expect(section(read(join(docsDir, 'reliability.md')), 'reliability')).toBe(
      renderReliabilitySection(results),
    )
  })

  it('docs/sandbox.md lists the routes sandbox/turnkey/routes.ts declares (npm run report rewrites it)', () => {
    const listed = section(read(join(docsDir, 'sandbox.md')), 'routes')
    expect(listed).toBe(renderSandboxRoutes())
    // Every route has its row: a route added to the table shows up here.
    for (const kind of ['query', 'submit'] as const)
      for (const name of Object.keys(routes[kind]))
        expect(listed).toContain(`| \`${kind}/${name}\` |`)
  })

  it('docs/testing.md shows the schedule of test/schedule/latest.json', () => {
    const results = JSON.parse(
      readFileSync(scheduleResultsFile, 'utf8'),
    ) as ScheduleResults
    expect(section(read(join(docsDir, 'testing.md')), 'schedule')).toBe(
      renderScheduleSection(results),
    )
  })
})

describe('reliability figures', () => {
  const run = {
    date: '2030-01-02T03:04:05.000Z',
    machine: '2 × Test CPU, 8 GiB',
    node: 'v20.19.0',
    ran: 'npm test' as const,
  }
  const tally = [
    { kind: 'fault', what: 'vendor http500 on submit/sign_raw_payload' },
    { kind: 'fault', what: 'relay killed during pairing' },
    // The same scenario named twice (a retried test, a helper and the test) is one scenario.
    { kind: 'fault', what: 'relay killed during pairing' },
    { kind: 'badInput', what: 'recovery codes: empty' },
    { kind: 'badInput', what: 'recovery codes: huge' },
    { kind: 'badInput', what: 'recovery codes: huge' },
    {
      kind: 'fuzzIteration',
      what: 'deep link fuzz: browse links',
      count: 1200,
    },
    { kind: 'fuzzIteration', what: 'deep link fuzz: pairing links', count: 3 },
    {
      kind: 'badInput',
      what: "cross-organization: A's passkey → query/get_user, naming B",
    },
    {
      kind: 'badInput',
      what: "cross-organization: A's API key → query/get_user, naming B",
    },
    { kind: 'loadRequest', what: 'injectedWallet: signatures', count: 50 },
    { kind: 'loadRequest', what: 'injectedWallet: signatures', count: 50 },
    { kind: 'soakStep', what: 'soak (seed 7)', count: 120 },
    { kind: 'something else', what: 'ignored' },
  ].map((line) => JSON.stringify({ count: 1, ...line }))

  it('counts fault scenarios and bad inputs once per name, and sums fuzz iterations and load requests', () => {
    const results = tallyResults([...tally, ''], run)
    expect(results).toEqual({
      ...run,
      totals: {
        fault: 2,
        badInput: 4,
        fuzzIteration: 1203,
        loadRequest: 100,
        soakStep: 120,
      },
      byWhat: {
        fault: [
          'relay killed during pairing',
          'vendor http500 on submit/sign_raw_payload',
        ],
        badInput: { 'cross-organization': 2, 'recovery codes': 2 },
        fuzzIteration: {
          'deep link fuzz: browse links': 1200,
          'deep link fuzz: pairing links': 3,
        },
        loadRequest: { 'injectedWallet: signatures': 100 },
        soakStep: { 'soak (seed 7)': 120 },
      },
    })
    expect(reliabilitySummary(results)).toBe(
      'reliability summary: 2 fault scenarios, 4 distinct bad inputs, 1203 fuzz iterations, 100 requests under load, 120 soak steps',
    )
  })

  it('renders every figure from the results: scenarios by name, bad inputs by source, iterations and requests by test', () => {
    expect(
      renderReliabilitySection(tallyResults(tally, run)),
    ).toMatchInlineSnapshot(`
      "Latest passing run: 2030-01-02, 2 × Test CPU, 8 GiB, Node v20.19.0, every suite (\`npm test\`). It printed

      \`\`\`
      reliability summary: 2 fault scenarios, 4 distinct bad inputs, 1203 fuzz iterations, 100 requests under load, 120 soak steps
      \`\`\`

      | figure | count |
      | --- | --- |
      | fault scenarios (distinct, each passed) | 2 |
      | bad inputs (distinct named cases, each passed) | 4 |
      | fuzz iterations (generated inputs) | 1203 |
      | requests under load | 100 |
      | soak steps (random operations, invariants checked after each) | 120 |

      **Fault scenarios**, each a test that passed:

      - relay killed during pairing
      - vendor http500 on submit/sign_raw_payload

      **Distinct bad inputs**, by source:

      | source | cases |
      | --- | --- |
      | cross-organization | 2 |
      | recovery codes | 2 |

      **Fuzz iterations**, by test:

      | test | iterations |
      | --- | --- |
      | deep link fuzz: browse links | 1200 |
      | deep link fuzz: pairing links | 3 |

      **Requests under load**, by test:

      | test | requests |
      | --- | --- |
      | injectedWallet: signatures | 100 |

      **Soak steps**, by run:

      | run | steps |
      | --- | --- |
      | soak (seed 7) | 120 |"
    `)
  })

  it('rewrites only the marked section of the page', () => {
    const file = join(
      mkdtempSync(join(tmpdir(), 'reliability-docs-')),
      'reliability.md',
    )
    writeFileSync(
      file,
      '# Reliability\n\n<!-- reliability:start -->\nold figures\n<!-- reliability:end -->\n\nprose\n',
    )
    const results = tallyResults(tally, run)
    writeReliabilityDocs(results, pathToFileURL(file))
    const page = read(file)
    expect(
      page.startsWith('# Reliability\n\n<!-- reliability:start -->\n'),
    ).toBe(true)
    expect(page.endsWith('\n<!-- reliability:end -->\n\nprose\n')).toBe(true)
    expect(section(page, 'reliability')).toBe(renderReliabilitySection(results))
    expect(page).toContain(
      'reliability summary: 2 fault scenarios, 4 distinct bad inputs, 1203 fuzz iterations, 100 requests under load, 120 soak steps',
    )
    expect(page).not.toContain('old figures')
  })

  it('refuses a page without the markers', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'reliability-docs-')), 'x.md')
    writeFileSync(file, '# no markers\n')
    expect(() =>
      writeReliabilityDocs(tallyResults(tally, run), pathToFileURL(file)),
    ).toThrow(/needs <!-- reliability:start -->/)
    expect(read(file)).toBe('# no markers\n')
  })
})
