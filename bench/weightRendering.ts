import { mkdtempSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Metafile } from 'esbuild'
import type { Rolldown } from 'vite'
import { esbuildProductionBuild, gzippedFirstLoad } from './weight.js'
import { renderingHosts } from './weightHosts.js'
import { nextFirstLoads } from './weightWithNext.js'
import {
  chunksByName,
  viteProductionBuild,
  withViteDirectory,
} from './weightWithVite.js'

export type Bundler = 'esbuild' | 'Vite' | 'Next.js'

export type RenderingWeightResult = {
  bundler: Bundler
  bundle: string
  /** Gzipped bytes of the first load: the entry and every file it imports statically, transitively. */
  firstLoad: number
  /** What the pack adds to the baseline's first load. */
  firstLoadAdded: number
  /** How many JavaScript files (requests) the first load is. */
  files: number
  /**
   * What the pack adds when the first load's files are gzipped as one: the
   * rest of `firstLoadAdded` is what splitting into files costs.
   */
  asOneFileAdded: number
  /**
   * What the pack adds when the same host is built as one file with every
   * dynamic import left out: the code the page runs before any `import()`.
   * The rest of `firstLoadAdded` is how the bundler splits (esbuild, Vite).
   */
  unsplitAdded?: number | undefined
  /**
   * The modules that add to the first load beyond the baseline's, largest
   * first: ours (`src/…`), viem's, wagmi's…; `bytes` before gzip
   * (esbuild's metafile, Rolldown's chunks, Turbopack's source maps), and
   * (esbuild, Vite) `early`: how many of them the page does not run before
   * an `import()` (they are there because of how the bundler splits).
   */
  modulesAdded?:
    | { module: string; bytes: number; early?: number | undefined }[]
    | undefined
}

/** The rendering host mounted by a page script, as an app's `main.jsx`. */
const mainSource =
  "import { createRoot } from 'react-dom/client'\nimport { App } from './host.jsx'\n\ncreateRoot(document.getElementById('root')).render(<App />)\n"

/** The rendering host as a Next.js page: a client component that renders it. */
const pageSource =
  "'use client'\nimport { App } from './host.jsx'\n\nexport default function Page() {\n  return <App />\n}\n"

/** A first load: its files' bytes, gzipped one by one and as one, and its modules' bytes. */
type FirstLoad = ReturnType<typeof gzippedFirstLoad> & {
  modules?: Map<string, number> | undefined
  /** The same host built as one file with every dynamic import left out: gzipped bytes and modules. */
  unsplit?: { bytes: number; modules: Map<string, number> } | undefined
}

/**
 * A module's path as a reader names it: `src/…` (ours), `viem/…`,
 * `@wagmi/core/…`, or the host's own file.
 */
function moduleName(path: string) {
  const inPackage = path.split('node_modules/').pop()!
  if (inPackage !== path) return inPackage.replace(/\/(_esm|dist\/esm)\//, '/')
  const ours = path.match(/(?:^|\/)(src\/.*)$/)
  return ours ? ours[1]! : path.split('/').pop()!
}

/** `start` and every file it imports statically, transitively. */
export function staticClosure(
  start: string,
  importsOf: (file: string) => string[],
) {
  const files = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    for (const imported of importsOf(file)) visit(imported)
  }
  visit(start)
  return files
}

/** The output files of an esbuild metafile that `entry`'s chunk loads statically. */
export function esbuildFirstLoadFiles(metafile: Metafile, entry: RegExp) {
  const outputs = new Map(Object.entries(metafile.outputs))
  const start = [...outputs].find(([, output]) =>
    entry.test(output.entryPoint ?? ''),
  )![0]
  return staticClosure(start, (file) =>
    outputs
      .get(file)!
      .imports.filter(
        (imported) =>
          imported.kind === 'import-statement' && !imported.external,
      )
      .map((imported) => imported.path),
  )
}

async function firstLoadWithEsbuild(directory: string): Promise<FirstLoad> {
  const { outputFiles, metafile } = await esbuildProductionBuild(
    join(directory, 'main.jsx'),
    {
      dynamicImports: 'split',
    },
  )
  const first = [...esbuildFirstLoadFiles(metafile, /main\.jsx$/)]
  const modulesOf = (outputs: Metafile['outputs'], files: string[]) => {
    const modules = new Map<string, number>()
    for (const file of files)
      for (const [input, { bytesInOutput }] of Object.entries(
        outputs[file]!.inputs,
      ))
        modules.set(moduleName(input), bytesInOutput)
    return modules
  }
  const unsplit = await esbuildProductionBuild(join(directory, 'main.jsx'), {
    dynamicImports: 'leftOut',
  })
  const unsplitOutputs = unsplit.metafile.outputs
  return {
    ...gzippedFirstLoad(
      first.map(
        (file) =>
          outputFiles.find((o) => relative(process.cwd(), o.path) === file)!
            .contents,
      ),
    ),
    modules: modulesOf(metafile.outputs, first),
    unsplit: {
      bytes: gzipSync(unsplit.outputFiles[0]!.contents).length,
      modules: modulesOf(unsplitOutputs, Object.keys(unsplitOutputs)),
    },
  }
}

/** `main.jsx` in `directory` built by Vite for production: its chunks by name. */
const viteChunks = async (directory: string, { split }: { split: boolean }) =>
  chunksByName(
    await viteProductionBuild(join(directory, 'main.jsx'), { split }),
  )

async function firstLoadWithVite(directory: string): Promise<FirstLoad> {
  const chunks = await viteChunks(directory, { split: true })
  const first = [
    ...staticClosure(
      [...chunks.values()].find((chunk) => chunk.isEntry)!.fileName,
      (file) => chunks.get(file)!.imports,
    ),
  ].map((file) => chunks.get(file)!)
  const modulesOf = (chunks: Rolldown.OutputChunk[]) => {
    const modules = new Map<string, number>()
    for (const chunk of chunks)
      for (const [id, { renderedLength }] of Object.entries(chunk.modules))
        modules.set(moduleName(id), renderedLength)
    return modules
  }
  const [unsplit, ...more] = (
    await viteChunks(directory, { split: false })
  ).values()
  if (more.length) throw new Error('The unsplit Vite build is not one file')
  return {
    ...gzippedFirstLoad(first.map((chunk) => Buffer.from(chunk.code))),
    modules: modulesOf(first),
    unsplit: {
      bytes: gzipSync(unsplit!.code).length,
      modules: modulesOf([unsplit!]),
    },
  }
}

/**
 * The modules of `pack`'s first load beyond `baseline`'s, largest first:
 * the bytes each adds, and how many of them the split brings in early (what
 * the unsplit builds do not differ by).
 */
function modulesAdded(pack: FirstLoad, baseline: FirstLoad) {
  const added = (load: FirstLoad, module: string) =>
    (load.modules!.get(module) ?? 0) - (load.unsplit!.modules.get(module) ?? 0)
  return [...pack.modules!]
    .map(([module, bytes]) => ({
      module,
      bytes: bytes - (baseline.modules!.get(module) ?? 0),
      ...(pack.unsplit && {
        early: Math.max(0, added(pack, module) - added(baseline, module)),
      }),
    }))
    .filter(({ bytes }) => bytes > 0)
    .sort((a, b) => b.bytes - a.bytes)
}

const measureBy: Record<
  Exclude<Bundler, 'Next.js'>,
  (directory: string) => Promise<FirstLoad>
> = { esbuild: firstLoadWithEsbuild, Vite: firstLoadWithVite }

/**
 * The rendering hosts' first load, built by each of `bundlers` for
 * production: bytes gzipped file by file, files, and the modules the pack
 * adds.
 */
export async function weightRendering({
  bundlers = ['esbuild', 'Vite', 'Next.js'],
}: {
  bundlers?: readonly Bundler[]
} = {}): Promise<RenderingWeightResult[]> {
  const sizes: { bundler: Bundler; bundle: string; load: FirstLoad }[] = []
  for (const bundler of bundlers) {
    if (bundler === 'Next.js') {
      const loads = await nextFirstLoads(
        renderingHosts.map(([, source]) => ({
          host: source(),
          page: pageSource,
        })),
      )
      renderingHosts.forEach(([bundle], index) => {
        const { sources, ...load } = loads[index]!
        const modules = new Map<string, number>()
        for (const [source, bytes] of sources) {
          const module = moduleName(source)
          modules.set(module, (modules.get(module) ?? 0) + bytes)
        }
        sizes.push({ bundler, bundle, load: { ...load, modules } })
      })
      continue
    }
    await withViteDirectory(async (parent) => {
      for (const [bundle, source] of renderingHosts) {
        const directory = mkdtempSync(join(parent, 'host-'))
        writeFileSync(join(directory, 'host.jsx'), source())
        writeFileSync(join(directory, 'main.jsx'), mainSource)
        sizes.push({
          bundler,
          bundle,
          load: await measureBy[bundler](directory),
        })
      }
    })
  }
  return sizes.map(({ bundler, bundle, load }) => {
    const baseline = sizes.find(
      (size) => size.bundler === bundler && size.bundle === 'baseline',
    )!.load
    return {
      bundler,
      bundle,
      firstLoad: load.firstLoad,
      firstLoadAdded: load.firstLoad - baseline.firstLoad,
      files: load.files,
      asOneFileAdded: load.asOneFile - baseline.asOneFile,
      ...(load.unsplit && {
        unsplitAdded: load.unsplit.bytes - baseline.unsplit!.bytes,
      }),
      ...(load.modules &&
        bundle !== 'baseline' && {
          modulesAdded: modulesAdded(load, baseline),
        }),
    }
  })
}
