/**
 * The code examples of docs/ and README.md are real files under docs/examples/
 * (type-checked by `npm run check`, tsconfig.docs.json). A page shows one under
 * a marker line, followed by a fenced block that must be the file exactly;
 * every file is shown somewhere. A marker's path is relative to the page's own
 * folder: `<!-- example: examples/<file> -->` in docs/*.md, and
 * `<!-- example: docs/examples/<file> -->` in README.md (the repository root).
 *
 * A ts, tsx, js or jsx block that sets up a host (createConfig, a connector,
 * createPasskeyBackend, the panels, WagmiProvider) must be such an example, so
 * that what a reader copies compiles.
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../', import.meta.url))
const docsDir = join(root, 'docs')
const examplesDir = join(docsDir, 'examples')
const pages = [
  join(root, 'README.md'),
  ...readdirSync(docsDir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(docsDir, name)),
]

/** What a host's setup code calls or renders. */
const hostSetup =
  /createConfig|passkeyWallet\(|walletConnectDeepLink\(|injectedWallets?\(|createPasskeyBackend\(|<RecoveryPanel|<ExportPanel|WagmiProvider/

const marker = /^<!-- example: \S+ -->$/

/** The code under docs/examples/ that git keeps (not the Next.js app's build output). */
function codeFilesUnder(directory: string): string[] {
  return execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', directory],
    { cwd: directory, encoding: 'utf8' },
  )
    .split('\n')
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => resolve(directory, file))
}

/** Every `<!-- example: … -->` of a page, with the fenced block under it. */
function shownExamples(page: string) {
  const markdown = readFileSync(page, 'utf8')
  return [
    ...markdown.matchAll(
      /^<!-- example: (\S+) -->\n```[a-z]*\n([\s\S]*?)^```$/gm,
    ),
  ].map(([, file, code]) => ({
    file: resolve(dirname(page), file!),
    code: code!,
  }))
}

/** Every ts, tsx, js or jsx block of a page: its line, and whether a marker is right above it. */
function codeBlocks(page: string) {
  const markdown = readFileSync(page, 'utf8')
  return [
    ...markdown.matchAll(/^( *)```(?:ts|tsx|js|jsx)\n([\s\S]*?)^\1```$/gm),
  ].map(({ index, 1: indent, 2: code }) => {
    const linesBefore = markdown.slice(0, index).split('\n')
    return {
      where: `${relative(root, page)}:${linesBefore.length}`,
      code: code!,
      marked: indent === '' && marker.test(linesBefore.at(-2) ?? ''),
    }
  })
}

describe('docs/examples', () => {
  const shown = pages.flatMap(shownExamples)

  it('each example a page shows is its file, exactly', () => {
    expect(shown.length).toBeGreaterThan(0)
    for (const { file, code } of shown)
      expect(code, relative(root, file)).toBe(readFileSync(file, 'utf8'))
  })

  it('every code file under docs/examples/ is shown in a page', () => {
    const files = codeFilesUnder(examplesDir)
    expect(files.length).toBeGreaterThan(0)
    const missing = files.filter((file) => !shown.some((s) => s.file === file))
    expect(missing.map((file) => relative(root, file))).toEqual([])
  })

  it('every code block that sets up a host is an example (a marker right above it)', () => {
    const blocks = pages.flatMap(codeBlocks)
    expect(blocks.filter((block) => block.marked).length).toBeGreaterThan(0)
    const unchecked = blocks
      .filter((block) => hostSetup.test(block.code) && !block.marked)
      .map((block) => block.where)
    expect(
      unchecked,
      'host setup in a block no file under docs/examples/ type-checks',
    ).toEqual([])
  })
})
