import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Plugin } from 'esbuild'
import { packAliases, selectHosts } from './weightHosts.js'

export type WeightResult = {
  bundle: string
  /** Minified, gzipped bytes of the first load (dynamic imports left out). */
  firstLoad: number
  /** What the connector adds to the baseline host's first load. */
  firstLoadAdded: number
  /** Everything, dynamic imports included: what a user who connects has loaded. */
  everything: number
  everythingAdded: number
}

const root = new URL('../', import.meta.url).pathname

/**
 * A first load's files, gzipped one by one as a server sends them, and the
 * same bytes gzipped as one file: the difference is what splitting them
 * costs in compression and glue.
 */
export function gzippedFirstLoad(files: readonly Uint8Array[]) {
  return {
    firstLoad: files.reduce((sum, file) => sum + gzipSync(file).length, 0),
    asOneFile: gzipSync(Buffer.concat(files)).length,
    files: files.length,
  }
}

/** An esbuild plugin that leaves every `import()` out of the bundle (external). */
const leaveOutDynamicImports: Plugin = {
  name: 'leave-out-dynamic-imports',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import'
        ? { path: args.path, external: true }
        : undefined,
    )
  },
}

/**
 * `entry` built by esbuild for production, minified, in memory, its dynamic
 * imports `split` (code splitting, as a host splits), `leftOut` (external:
 * the first load alone, one file) or `inlined` (one file with everything).
 */
export const esbuildProductionBuild = (
  entry: string,
  {
    dynamicImports,
    external = [],
  }: {
    dynamicImports: 'split' | 'leftOut' | 'inlined'
    external?: string[]
  },
) =>
  build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    splitting: dynamicImports === 'split',
    plugins: dynamicImports === 'leftOut' ? [leaveOutDynamicImports] : [],
    jsx: 'automatic',
    outdir: join(entry, '../out'),
    nodePaths: [join(root, 'node_modules')],
    alias: packAliases,
    external,
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    write: false,
    logLevel: 'silent',
  })

async function gzipSize(
  source: string,
  directory: string,
  name: string,
  { firstLoad }: { firstLoad: boolean },
) {
  const entry = join(directory, `${name.replace(/\W+/g, '-')}.js`)
  writeFileSync(entry, source)
  // First load: what is loaded with import() later is left out, for every bundle alike.
  const result = await esbuildProductionBuild(entry, {
    dynamicImports: firstLoad ? 'leftOut' : 'inlined',
  })
  return gzipSync(result.outputFiles[0]!.contents).length
}

/**
 * Weight of a host with and without each connector, esbuild-minified and
 * gzipped: every bundle, or the baseline and those `only` names.
 */
export async function weight({
  only,
}: {
  only?: readonly string[] | undefined
} = {}): Promise<WeightResult[]> {
  const directory = mkdtempSync(join(tmpdir(), 'weight-'))
  const sizes: Record<string, { firstLoad: number; everything: number }> = {}
  for (const [name, makeSource] of selectHosts(only)) {
    const source = makeSource()
    sizes[name] = {
      firstLoad: await gzipSize(source, directory, name, { firstLoad: true }),
      everything: await gzipSize(source, directory, name, { firstLoad: false }),
    }
  }
  const baseline = sizes.baseline!
  return Object.entries(sizes).map(([bundle, { firstLoad, everything }]) => ({
    bundle,
    firstLoad,
    firstLoadAdded: firstLoad - baseline.firstLoad,
    everything,
    everythingAdded: everything - baseline.everything,
  }))
}
