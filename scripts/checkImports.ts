/**
 * The import rules of docs/layout.md, checked on
 * src/: `node --import tsx scripts/checkImports.ts` (part of `npm run check`).
 *
 * - Nothing in src/ imports sandbox/, playground/, test/ or bench/: they are
 *   the outside world. Shipped code reaches no file outside src/ at all
 *   (imports and `new URL('…', import.meta.url)`).
 * - Each folder imports only the folders `allowedImports` gives it (core
 *   nothing, turnkey core, recovery and export turnkey and core, …);
 *   connectors never import each other.
 * - No cycle between folders.
 *
 * Tests beside code (`*.test.ts(x)`) are not shipped: they keep the first
 * rule's ban on the four outside folders (they may read other repository
 * files with `new URL`), and are left out of the folder rules and the cycle
 * check. Files directly in src/ (src/version.ts) may be imported by any
 * folder and import nothing from the folders themselves.
 */
import { readdir, readFile } from 'node:fs/promises'
import { posix } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ts from 'typescript'

const connectors = ['passkey', 'walletconnect', 'injected']

/** What each folder under src/ may import besides itself (docs/layout.md). */
export const allowedImports: Record<string, readonly string[]> = {
  core: [],
  wallets: ['core'],
  turnkey: ['core'],
  oidc: ['core'],
  recovery: ['turnkey', 'core'],
  export: ['turnkey', 'core'],
  exportFrame: ['turnkey', 'core'],
  passkey: ['recovery', 'export', 'turnkey', 'oidc', 'core', 'wallets'],
  walletconnect: ['core', 'wallets'],
  injected: ['core', 'wallets'],
  react: [
    'oidc',
    'passkey',
    'injected',
    'recovery',
    'export',
    'turnkey',
    'core',
    'wallets',
    'names',
  ],
  server: ['turnkey', 'core'],
  names: [],
  exports: [
    'core',
    'wallets',
    'turnkey',
    'oidc',
    'passkey',
    'recovery',
    'export',
    'walletconnect',
    'injected',
    'react',
    'server',
    'names',
  ],
}

/** Folders of the repository that src/ must never import. */
const outside = ['sandbox', 'playground', 'test', 'bench']

export type ImportedSpecifier = {
  specifier: string
  /** `url` for `new URL('…', import.meta.url)`: a file the code reads or serves. */
  kind: 'import' | 'url'
  line: number
}

export type ImportSite = {
  /** Repository-relative, e.g. `src/passkey/passkeyWallet.ts`. */
  file: string
  line: number
  specifier: string
  /** Repository-relative path the specifier resolves to. */
  target: string
}

/**
 * The module specifiers of one file: `import … from`, `import type`,
 * `import '…'`, `export … from`, `import('…')`, `typeof import('…')` and
 * `new URL('…', import.meta.url)`, with their 1-based lines.
 */
export function extractImports(
  file: string,
  source: string,
): ImportedSpecifier[] {
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const found: ImportedSpecifier[] = []
  const add = (
    node: ts.Node | undefined,
    kind: 'import' | 'url' = 'import',
  ) => {
    if (node && ts.isStringLiteralLike(node))
      found.push({
        specifier: node.text,
        kind,
        line:
          sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile))
            .line + 1,
      })
  }
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node))
      add(node.moduleSpecifier)
    else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference)
    )
      add(node.moduleReference.expression)
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword
    )
      add(node.arguments[0])
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      add(node.argument.literal)
    else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'URL' &&
      node.arguments?.[1]?.getText(sourceFile) === 'import.meta.url'
    )
      add(node.arguments[0], 'url')
    ts.forEachChild(node, visit)
  }
  visit(sourceFile)
  return found
}

/** `passkey` for src/passkey/…, `.` for a file directly in src/, undefined outside src/. */
function folderOf(path: string): string | undefined {
  const parts = path.split('/')
  if (parts[0] !== 'src') return undefined
  return parts.length > 2 ? parts[1] : '.'
}

const isTest = (path: string) => /\.test\.tsx?$/.test(path)
const describeSite = (site: ImportSite) =>
  `    ${site.file}:${site.line} imports '${site.specifier}'`

/**
 * Every broken rule among `files` (repository-relative path → source), one
 * message each; an empty list when the imports follow the design.
 */
export function findImportProblems(
  files: ReadonlyMap<string, string>,
): string[] {
  const problems: string[] = []
  /** Folder → imported folder → the imports that make the edge (shipped code only). */
  const edges = new Map<string, Map<string, ImportSite[]>>()
  const folders = new Set<string>()

  for (const [file, source] of [...files].sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    const from = folderOf(file)
    if (from === undefined) continue
    if (from !== '.') folders.add(from)
    for (const { specifier, kind, line } of extractImports(file, source)) {
      if (!specifier.startsWith('.')) continue
      const target = posix.normalize(posix.join(posix.dirname(file), specifier))
      const site: ImportSite = { file, line, specifier, target }
      const to = folderOf(target)
      if (to === undefined) {
        const top = target.split('/')[0] ?? ''
        if (outside.includes(top) && kind === 'import')
          problems.push(
            `src/ imports ${top}/: the product must not depend on ${top}/ (docs/layout.md: src/ never imports sandbox/, playground/ or test/, nor bench/).\n${describeSite(site)}`,
          )
        else if (!isTest(file))
          problems.push(
            `src/ reaches outside src/ (${top === '.' ? 'the repository root' : target}): the published package would not have it.\n${describeSite(site)}`,
          )
        continue
      }
      if (to === from || isTest(file)) continue
      const byTarget = edges.get(from) ?? new Map<string, ImportSite[]>()
      edges.set(from, byTarget)
      byTarget.set(to, [...(byTarget.get(to) ?? []), site])
    }
  }

  for (const folder of [...folders].sort())
    if (!(folder in allowedImports))
      problems.push(
        `src/${folder}/ has no import rule: add it to allowedImports in scripts/checkImports.ts with the folders docs/layout.md lets it import.`,
      )

  for (const [from, byTarget] of [...edges].sort(([a], [b]) =>
    a.localeCompare(b),
  ))
    for (const [to, sites] of [...byTarget].sort(([a], [b]) =>
      a.localeCompare(b),
    )) {
      // Files directly in src/ (src/version.ts) are for everyone.
      if (to === '.') continue
      const allowed = allowedImports[from]
      let shown = sites
      let rule: string | undefined
      if (from === '.')
        rule = 'files directly in src/ import nothing from its folders'
      else if (to === 'exports')
        rule =
          'src/exports/ holds the entry files; nothing in src/ imports them'
      else if (from === 'exports' && to === 'server') {
        shown = sites.filter((site) => site.file !== 'src/exports/server.ts')
        if (shown.length > 0)
          rule =
            'server code is reached only through src/exports/server.ts, never from a browser subpath'
      } else if (allowed && !allowed.includes(to))
        rule =
          connectors.includes(from) && connectors.includes(to)
            ? `connectors do not import each other; what they share belongs in src/core or src/wallets`
            : `${from}/ may import only ${allowed.length > 0 ? allowed.map((f) => `${f}/`).join(', ') : 'itself'}`
      if (rule === undefined) continue
      problems.push(
        `Forbidden import ${from} → ${to}: ${rule}.\n${shown.map(describeSite).join('\n')}`,
      )
    }

  for (const cycle of findCycles(edges)) {
    const steps = cycle.slice(0, -1).map((from, i) => {
      const to = cycle[i + 1]!
      return `  ${from} → ${to}:\n${edges.get(from)!.get(to)!.map(describeSite).join('\n')}`
    })
    problems.push(`Folder cycle ${cycle.join(' → ')}:\n${steps.join('\n')}`)
  }
  return problems
}

/**
 * One shortest cycle per strongly connected group of folders, each as a
 * path that starts and ends at the group's first folder in sorted order,
 * e.g. `['passkey', 'recovery', 'passkey']`.
 */
function findCycles(
  edges: ReadonlyMap<string, ReadonlyMap<string, unknown>>,
): string[][] {
  const next = (folder: string) =>
    [...(edges.get(folder)?.keys() ?? [])].filter((to) => to !== '.').sort()
  const nodes = [
    ...new Set([...edges.keys(), ...[...edges.keys()].flatMap(next)]),
  ].sort()

  // Tarjan's strongly connected components.
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  const connect = (node: string) => {
    index.set(node, counter)
    low.set(node, counter)
    counter++
    stack.push(node)
    onStack.add(node)
    for (const to of next(node)) {
      if (!index.has(to)) {
        connect(to)
        low.set(node, Math.min(low.get(node)!, low.get(to)!))
      } else if (onStack.has(to))
        low.set(node, Math.min(low.get(node)!, index.get(to)!))
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        group.push(member)
      } while (member !== node)
      if (group.length > 1) groups.push(group.sort())
    }
  }
  for (const node of nodes) if (!index.has(node)) connect(node)

  return groups
    .sort((a, b) => a[0]!.localeCompare(b[0]!))
    .map((group) => {
      const start = group[0]!
      // Breadth-first inside the group: the shortest way back to the start.
      const cameFrom = new Map<string, string>()
      const queue = [start]
      while (queue.length > 0) {
        const node = queue.shift()!
        for (const to of next(node)) {
          if (!group.includes(to)) continue
          if (to === start) {
            const path = [start]
            for (let at = node; at !== start; at = cameFrom.get(at)!)
              path.splice(1, 0, at)
            return [...path, start]
          }
          if (!cameFrom.has(to)) {
            cameFrom.set(to, node)
            queue.push(to)
          }
        }
      }
      return [...group, start]
    })
}

async function readSources(root: string, dir = 'src') {
  const files = new Map<string, string>()
  for (const entry of await readdir(posix.join(root, dir), {
    withFileTypes: true,
  })) {
    const path = posix.join(dir, entry.name)
    if (entry.isDirectory()) {
      for (const [file, source] of await readSources(root, path))
        files.set(file, source)
    } else if (/\.tsx?$/.test(entry.name))
      files.set(path, await readFile(posix.join(root, path), 'utf8'))
  }
  return files
}

async function main() {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const files = await readSources(root)
  const problems = findImportProblems(files)
  if (problems.length > 0) {
    console.error(
      `checkImports: ${problems.length} problem${problems.length === 1 ? '' : 's'} in src/ imports\n\n${problems.join('\n\n')}`,
    )
    process.exit(1)
  }
  console.log(
    `checkImports: ${files.size} files in src/, no folder cycle, no import outside src/, every folder within its rule.`,
  )
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await main()
