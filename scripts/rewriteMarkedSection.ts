import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * Replaces what a page holds between `<!-- <name>:start -->` and
 * `<!-- <name>:end -->` with `body`, the rest of the page untouched.
 */
export function rewriteMarkedSection(file: URL, name: string, body: string) {
  const start = `<!-- ${name}:start -->`
  const end = `<!-- ${name}:end -->`
  const page = readFileSync(file, 'utf8')
  const from = page.indexOf(start)
  const to = page.indexOf(end)
  if (from < 0 || to < from)
    throw new Error(`${fileURLToPath(file)} needs ${start} … ${end}`)
  writeFileSync(
    file,
    `${page.slice(0, from + start.length)}\n${body}\n${page.slice(to)}`,
  )
}
