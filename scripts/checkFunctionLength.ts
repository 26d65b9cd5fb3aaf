/**
 * No function in src/ is longer than `longestFunctionLines` lines (#32): a
 * long closure becomes named steps a newcomer reads once.
 * `node --import tsx scripts/checkFunctionLength.ts` (part of `npm run check`).
 * Tests beside the code are left out.
 */
import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

export const longestFunctionLines = 200

export type LongFunction = { file: string; name: string; lines: number }

function nameOf(node: ts.Node): string {
  if (
    (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) &&
    node.name
  )
    return node.name.getText()
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))
    return parent.name.getText()
  if (ts.isCallExpression(parent))
    return `callback of ${parent.expression.getText().slice(0, 40)}`
  return '(anonymous)'
}

/** Every function in `text` longer than `limit` lines, outermost first. */
export function longFunctionsIn(
  file: string,
  text: string,
  limit = longestFunctionLines,
): LongFunction[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found: LongFunction[] = []
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const lines =
        source.getLineAndCharacterOfPosition(node.getEnd()).line -
        source.getLineAndCharacterOfPosition(node.getStart()).line +
        1
      if (lines > limit) found.push({ file, name: nameOf(node), lines })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

async function main() {
  const root = fileURLToPath(new URL('../', import.meta.url))
  const files = (await readdir(`${root}src`, { recursive: true }))
    .map((file) => `src/${file}`)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  const long = (
    await Promise.all(
      files.map(async (file) =>
        longFunctionsIn(file, await readFile(`${root}${file}`, 'utf8')),
      ),
    )
  ).flat()
  const problems = long.map(
    ({ file, name, lines }) =>
      `${file}: ${name} is ${lines} lines, over ${longestFunctionLines}: split it into named steps`,
  )
  for (const problem of problems) console.error(problem)
  if (problems.length > 0) process.exitCode = 1
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
