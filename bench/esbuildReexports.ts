import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'

// A package (side-effect free, as viem, wagmi and the pack are) whose entry
// re-exports two modules; the page uses `connect` at once and `lazy.js`
// uses `sign` after an import().
const files = (reexportSign: boolean): Record<string, string> => ({
  'node_modules/lib/package.json': JSON.stringify({
    name: 'lib',
    type: 'module',
    sideEffects: false,
    exports: { '.': './index.js', './sign.js': './sign.js' },
  }),
  'node_modules/lib/index.js': `export { connect } from './connect.js'\n${reexportSign ? "export { sign } from './sign.js'\n" : ''}`,
  'node_modules/lib/connect.js': "export const connect = () => 'connected'\n",
  'node_modules/lib/sign.js': `export const sign = () => '${'signature code '.repeat(20)}'\n`,
  'main.js':
    "import { connect } from 'lib'\nconsole.log(connect())\ndocument.onclick = () => import('./lazy.js').then((lazy) => lazy.run())\n",
  'lazy.js':
    "import { sign } from 'lib/sign.js'\nexport const run = () => sign()\n",
})

/**
 * The bytes of `sign` (used only after the import()) that esbuild puts in
 * the page's first load, when the package's entry re-exports `sign` (which
 * the page never uses) and when it does not.
 */
export async function esbuildReexportRepro() {
  const bytes = async (reexportSign: boolean) => {
    const directory = mkdtempSync(join(tmpdir(), 'esbuild-reexports-'))
    try {
      for (const [path, source] of Object.entries(files(reexportSign))) {
        mkdirSync(join(directory, path, '..'), { recursive: true })
        writeFileSync(join(directory, path), source)
      }
      const { metafile } = await build({
        absWorkingDir: directory,
        entryPoints: ['main.js'],
        bundle: true,
        splitting: true,
        format: 'esm',
        outdir: 'out',
        write: false,
        metafile: true,
        logLevel: 'silent',
      })
      const outputs = metafile.outputs
      const main = outputs['out/main.js']!
      // The first load: main.js and the chunks it imports statically.
      return [
        main,
        ...main.imports
          .filter(({ kind }) => kind === 'import-statement')
          .map(({ path }) => outputs[path]!),
      ].reduce(
        (sum, output) =>
          sum + (output.inputs['node_modules/lib/sign.js']?.bytesInOutput ?? 0),
        0,
      )
    } finally {
      rmSync(directory, { recursive: true, force: true })
    }
  }
  return {
    signInFirstLoadWhenReexported: await bytes(true),
    signInFirstLoadWhenNot: await bytes(false),
  }
}
