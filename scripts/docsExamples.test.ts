/**
 * The code examples of docs/ are real files under docs/examples/ (type-checked
 * by `npm run check`, tsconfig.docs.json). A page shows one under a marker
 * line `<!-- example: examples/<file> -->`, followed by a fenced block that
 * must be the file exactly; every file is shown somewhere.
 */
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const docsDir = fileURLToPath(new URL('../docs/', import.meta.url))
const examplesDir = join(docsDir, 'examples')

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
  ].map(([, file, code]) => ({ file: resolve(docsDir, file!), code: code! }))
}

describe('docs/examples', () => {
  const pages = readdirSync(docsDir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(docsDir, name))
  const shown = pages.flatMap(shownExamples)

  it('each example a page shows is its file, exactly', () => {
    expect(shown.length).toBeGreaterThan(0)
    for (const { file, code } of shown)
      expect(code, relative(docsDir, file)).toBe(readFileSync(file, 'utf8'))
  })

  it('every code file under docs/examples/ is shown in a page', () => {
    const files = codeFilesUnder(examplesDir)
    expect(files.length).toBeGreaterThan(0)
    const missing = files.filter((file) => !shown.some((s) => s.file === file))
    expect(missing.map((file) => relative(docsDir, file))).toEqual([])
  })
})
