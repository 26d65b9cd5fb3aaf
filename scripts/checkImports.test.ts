import { describe, expect, it } from 'vitest'
import { extractImports, findImportProblems } from './checkImports.js'

/** A small src/ that follows the rules: passkey → recovery → turnkey → core. */
const clean = () =>
  new Map([
    ['src/version.ts', "export const version = '0.0.0'\n"],
    [
      'src/core/errors.ts',
      "import { version } from '../version.js'\nexport const a = version\n",
    ],
    [
      'src/turnkey/client.ts',
      "import { a } from '../core/errors.js'\nexport const b = a\n",
    ],
    [
      'src/recovery/flow.ts',
      "import type { b } from '../turnkey/client.js'\nexport type C = typeof b\n",
    ],
    [
      'src/passkey/wallet.ts',
      [
        "import { b } from '../turnkey/client.js'",
        "export { a } from '../core/errors.js'",
        "export const load = () => import('../recovery/flow.js')",
        'export const c = b',
      ].join('\n'),
    ],
    ['src/exports/passkey.ts', "export { load } from '../passkey/wallet.js'\n"],
  ])

describe('findImportProblems', () => {
  it('passes a graph that follows the design', () => {
    expect(findImportProblems(clean())).toEqual([])
  })

  it('names a folder cycle with the imports that make each edge', () => {
    const files = clean()
    files.set(
      'src/recovery/flow.ts',
      [
        "import type { b } from '../turnkey/client.js'",
        'export type C = typeof b',
        "export const d = () => import('../passkey/wallet.js')",
      ].join('\n'),
    )
    const problems = findImportProblems(files)
    const cycle = problems.find((p) => p.startsWith('Folder cycle'))
    expect(cycle).toBeDefined()
    expect(cycle).toContain('Folder cycle passkey → recovery → passkey')
    expect(cycle).toContain(
      "src/passkey/wallet.ts:3 imports '../recovery/flow.js'",
    )
    expect(cycle).toContain(
      "src/recovery/flow.ts:3 imports '../passkey/wallet.js'",
    )
    // recovery → passkey also breaks recovery's own rule.
    expect(problems).toContainEqual(
      expect.stringContaining(
        'Forbidden import recovery → passkey: recovery/ may import only turnkey/, core/.',
      ),
    )
  })

  it('finds a longer cycle and reports it once', () => {
    const files = clean()
    files.set('src/wallets/a.ts', "import '../injected/b.js'\n")
    files.set('src/injected/b.ts', "import '../walletconnect/c.js'\n")
    files.set('src/walletconnect/c.ts', "import '../wallets/a.js'\n")
    const cycles = findImportProblems(files).filter((p) =>
      p.startsWith('Folder cycle'),
    )
    expect(cycles).toHaveLength(1)
    expect(cycles[0]).toContain(
      'Folder cycle injected → walletconnect → wallets → injected',
    )
  })

  it('refuses an import from src/ into the sandbox, naming the file and line', () => {
    const files = clean()
    files.set(
      'src/turnkey/client.ts',
      [
        "import { a } from '../core/errors.js'",
        "import { startVendor } from '../../sandbox/turnkey/startVendor.js'",
        'export const b = [a, startVendor]',
      ].join('\n'),
    )
    const problems = findImportProblems(files)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^src\/ imports sandbox\/:/)
    expect(problems[0]).toContain(
      "src/turnkey/client.ts:2 imports '../../sandbox/turnkey/startVendor.js'",
    )
  })

  it('refuses test/, playground/ and bench/ from tests beside code too', () => {
    const files = clean()
    files.set(
      'src/passkey/wallet.test.ts',
      [
        "import { signUp } from '../../test/helpers/vendorUsers.js'",
        "const harness = () => import('../../playground/harness/export.js')",
        "type Bench = typeof import('../../bench/run.js')",
      ].join('\n'),
    )
    const problems = findImportProblems(files)
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'src/ imports test/',
      'src/ imports playground/',
      'src/ imports bench/',
    ])
  })

  it('refuses shipped code reaching any file outside src/', () => {
    const files = clean()
    files.set(
      'src/core/errors.ts',
      [
        "import { version } from '../version.js'",
        "import { x } from '../../scripts/helper.js'",
        "const page = new URL('../../docs/errors.md', import.meta.url)",
        'export const a = [version, x, page]',
      ].join('\n'),
    )
    expect(findImportProblems(files)).toEqual([
      expect.stringMatching(
        /^src\/ reaches outside src\/ \(scripts\/helper\.js\)[\s\S]*src\/core\/errors\.ts:2/,
      ),
      expect.stringMatching(
        /^src\/ reaches outside src\/ \(docs\/errors\.md\)[\s\S]*src\/core\/errors\.ts:3/,
      ),
    ])
  })

  it('lets tests beside code read repository files, but not import the sandbox', () => {
    const files = clean()
    files.set(
      'src/core/errors.test.ts',
      [
        "const root = new URL('../../', import.meta.url)",
        "const world = new URL('../../sandbox/cli.ts', import.meta.url)",
        "import { startSandbox } from '../../sandbox/startSandbox.js'",
      ].join('\n'),
    )
    expect(findImportProblems(files)).toEqual([
      expect.stringContaining(
        "src/core/errors.test.ts:3 imports '../../sandbox/startSandbox.js'",
      ),
    ])
  })

  it('leaves tests beside code out of the folder rules', () => {
    const files = clean()
    files.set(
      'src/core/errors.test.ts',
      "import { c } from '../passkey/wallet.js'\n",
    )
    expect(findImportProblems(files)).toEqual([])
  })

  it('refuses connectors importing each other, and core importing a connector', () => {
    const files = clean()
    files.set('src/injected/injected.ts', "import '../passkey/wallet.js'\n")
    files.set('src/core/errors.ts', "import '../injected/injected.js'\n")
    const problems = findImportProblems(files)
    expect(problems).toContainEqual(
      expect.stringContaining(
        'Forbidden import injected → passkey: connectors do not import each other',
      ),
    )
    expect(problems).toContainEqual(
      expect.stringContaining(
        'Forbidden import core → injected: core/ may import only itself.',
      ),
    )
  })

  it('asks for a rule for a folder it does not know', () => {
    const files = clean()
    files.set('src/vendor/thing.ts', 'export const x = 1\n')
    expect(findImportProblems(files)).toEqual([
      expect.stringContaining('src/vendor/ has no import rule'),
    ])
  })
})

describe('extractImports', () => {
  it('reads every kind of module specifier, and nothing in comments or strings', () => {
    const source = [
      "import a from './a.js'",
      "import type { B } from './b.js'",
      "import './c.js'",
      "export * as d from './d.js'",
      'export {',
      '  e,',
      "} from './e.js'",
      "const f = await import('./f.js')",
      "type G = typeof import('./g.js')",
      "const h = new URL('./h.html', import.meta.url)",
      "// import x from './comment.js'",
      'const text = "import y from \'./string.js\'"',
    ].join('\n')
    expect(extractImports('src/core/x.ts', source)).toEqual([
      { specifier: './a.js', kind: 'import', line: 1 },
      { specifier: './b.js', kind: 'import', line: 2 },
      { specifier: './c.js', kind: 'import', line: 3 },
      { specifier: './d.js', kind: 'import', line: 4 },
      { specifier: './e.js', kind: 'import', line: 7 },
      { specifier: './f.js', kind: 'import', line: 8 },
      { specifier: './g.js', kind: 'import', line: 9 },
      { specifier: './h.html', kind: 'url', line: 10 },
    ])
  })
})
