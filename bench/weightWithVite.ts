import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Rolldown } from 'vite'
import { firstLoadFiles, type ViteManifest } from './viteManifest.js'
import { packAliases, selectHosts } from './weightHosts.js'

export type ViteWeightResult = {
  bundle: string
  /**
   * Gzipped bytes of the first load of the host's Vite production build: its
   * entry chunk and every chunk it imports statically, transitively.
   */
  firstLoad: number
  /** What the connector adds to the baseline host's first load. */
  firstLoadAdded: number
  /** How many JavaScript files the first load is (each gzipped on its own). */
  files: number
  /**
   * With `unsplit`: what the connector adds when the same build leaves every
   * dynamic import out (one file: the host and the code it runs before any
   * import()), so the rest of `firstLoadAdded` is how Rolldown splits chunks.
   */
  unsplitAdded?: number | undefined
}

// Dynamic imports left as they are (external): the build is one file.
const leaveDynamicImportsOut = {
  name: 'leave-dynamic-imports-out',
  enforce: 'pre' as const,
  resolveId(
    id: string,
    _importer: string | undefined,
    options: { kind?: string },
  ) {
    return options.kind === 'dynamic-import' ? { id, external: true } : null
  },
}

const root = new URL('../', import.meta.url).pathname

/**
 * `entry` built by Vite for production as it builds an app, its output
 * files (chunks and assets) in memory; with `split: false`, every dynamic
 * import left out (one file).
 */
export async function viteProductionBuild(
  entry: string,
  {
    split = true,
    manifest = false,
    external = [],
  }: { split?: boolean; manifest?: boolean; external?: string[] } = {},
) {
  const output = await build({
    configFile: false,
    root: dirname(entry),
    logLevel: 'silent',
    mode: 'production',
    resolve: { alias: packAliases },
    plugins: split ? [] : [leaveDynamicImportsOut],
    build: {
      write: false,
      manifest,
      minify: true,
      rolldownOptions: { input: entry, external },
    },
  })
  return (Array.isArray(output) ? output : [output]).flatMap((result) =>
    'output' in result ? result.output : [],
  ) as (Rolldown.OutputChunk | Rolldown.OutputAsset)[]
}

/** A build's chunks by file name. */
export const chunksByName = (
  outputs: readonly (Rolldown.OutputChunk | Rolldown.OutputAsset)[],
) =>
  new Map(
    outputs.flatMap((file) =>
      file.type === 'chunk' ? [[file.fileName, file] as const] : [],
    ),
  )

async function firstLoadSize(
  source: string,
  directory: string,
  name: string,
  split: boolean,
) {
  const base = `${name.replace(/\W+/g, '-')}${split ? '' : '-unsplit'}`
  const host = join(directory, `${base}.host.js`)
  writeFileSync(host, source)
  // As an app's page script uses its config: the entry has no exports of its
  // own, so Vite builds it as it builds an app (preserveEntrySignatures
  // false, which lets Rolldown merge common chunks into the entry).
  const entry = join(directory, `${base}.js`)
  writeFileSync(
    entry,
    `import * as host from './${base}.host.js'\nglobalThis.host = host\n`,
  )
  const outputs = await viteProductionBuild(entry, { split, manifest: true })
  const manifestAsset = outputs.find(
    (file): file is Rolldown.OutputAsset =>
      file.type === 'asset' && file.fileName === '.vite/manifest.json',
  )
  if (!manifestAsset) throw new Error(`${name}: Vite wrote no manifest`)
  const manifest = JSON.parse(String(manifestAsset.source)) as ViteManifest
  // What the browser loads before any dynamic import.
  const files = firstLoadFiles(
    manifest,
    Object.keys(manifest).filter((key) => manifest[key]!.isEntry),
  )
  if (
    !split &&
    outputs.some((o) => o.type === 'chunk' && !files.includes(o.fileName))
  )
    throw new Error(
      `${name}: the unsplit build has chunks besides its first load`,
    )
  let bytes = 0
  for (const file of files) {
    const chunk = outputs.find((o) => o.fileName === file)
    if (chunk?.type !== 'chunk') throw new Error(`${name}: no chunk ${file}`)
    bytes += gzipSync(chunk.code).length
  }
  return { firstLoad: bytes, files: files.length }
}

/**
 * What Vite's preload helper adds to the baseline host's first load: the
 * baseline with one `import()` of a one-line module, built unsplit, less the
 * baseline. Any Vite page with an `import()` carries it once.
 */
export async function vitePreloadHelperBytes(): Promise<number> {
  return withViteDirectory(async (directory) => {
    const baseline = selectHosts([])[0]![1]
    writeFileSync(join(directory, 'later.js'), 'export const later = 1\n')
    const [without, withImport] = [
      await firstLoadSize(baseline(), directory, 'baseline', false),
      await firstLoadSize(
        `${baseline()}\nexport const later = () => import('./later.js')\n`,
        directory,
        'baseline-import',
        false,
      ),
    ]
    return withImport.firstLoad - without.firstLoad
  })
}

/** Runs `measure` in a directory for Vite builds, as a host's production build. */
export async function withViteDirectory<result>(
  measure: (directory: string) => Promise<result>,
): Promise<result> {
  // Vite builds for production only under NODE_ENV=production (JSX transform,
  // process.env.NODE_ENV): what a host ships, whatever the caller runs with
  // (vitest sets 'test').
  const callersNodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  const directory = mkdtempSync(join(tmpdir(), 'weight-vite-'))
  // The hosts import wagmi, viem, React…: resolved from the project's node_modules.
  symlinkSync(join(root, 'node_modules'), join(directory, 'node_modules'))
  try {
    return await measure(directory)
  } finally {
    if (callersNodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = callersNodeEnv
    rmSync(directory, { recursive: true, force: true })
  }
}

/**
 * The first load of the minimal hosts of bench/weight.ts built by Vite for
 * production (minified, split at dynamic imports), gzipped: every bundle, or
 * the baseline and those `only` names.
 */
export async function weightWithVite({
  only,
  unsplit = false,
}: {
  only?: readonly string[] | undefined
  /** Also build each host with its dynamic imports left out (`unsplitAdded`). */
  unsplit?: boolean | undefined
} = {}): Promise<ViteWeightResult[]> {
  return withViteDirectory(async (directory) => {
    const sizes: Record<
      string,
      { firstLoad: number; files: number; unsplit?: number }
    > = {}
    for (const [name, makeSource] of selectHosts(only)) {
      const source = makeSource()
      sizes[name] = await firstLoadSize(source, directory, name, true)
      if (unsplit)
        sizes[name].unsplit = (
          await firstLoadSize(source, directory, name, false)
        ).firstLoad
    }
    const baseline = sizes.baseline!
    return Object.entries(sizes).map(([bundle, size]) => ({
      bundle,
      firstLoad: size.firstLoad,
      firstLoadAdded: size.firstLoad - baseline.firstLoad,
      files: size.files,
      ...(size.unsplit !== undefined && {
        unsplitAdded: size.unsplit - baseline.unsplit!,
      }),
    }))
  })
}
