import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
}

const root = new URL('../', import.meta.url).pathname

async function firstLoadSize(source: string, directory: string, name: string) {
  const base = name.replace(/\W+/g, '-')
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
  const output = await build({
    configFile: false,
    root: directory,
    logLevel: 'silent',
    mode: 'production',
    resolve: { alias: packAliases },
    build: {
      write: false,
      manifest: true,
      minify: true,
      rolldownOptions: { input: entry },
    },
  })
  const outputs = (Array.isArray(output) ? output : [output]).flatMap(
    (result) => ('output' in result ? result.output : []),
  ) as (Rolldown.OutputChunk | Rolldown.OutputAsset)[]
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
  let bytes = 0
  for (const file of files) {
    const chunk = outputs.find((o) => o.fileName === file)
    if (chunk?.type !== 'chunk') throw new Error(`${name}: no chunk ${file}`)
    bytes += gzipSync(chunk.code).length
  }
  return { firstLoad: bytes, files: files.length }
}

/**
 * The first load of the minimal hosts of bench/weight.ts built by Vite for
 * production (minified, split at dynamic imports), gzipped: every bundle, or
 * the baseline and those `only` names.
 */
export async function weightWithVite({
  only,
}: {
  only?: readonly string[] | undefined
} = {}): Promise<ViteWeightResult[]> {
  // Vite builds for production only under NODE_ENV=production (JSX transform,
  // process.env.NODE_ENV): what a host ships, whatever the caller runs with
  // (vitest sets 'test').
  const callersNodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  const directory = mkdtempSync(join(tmpdir(), 'weight-vite-'))
  // The hosts import wagmi, viem, React…: resolved from the project's node_modules.
  symlinkSync(join(root, 'node_modules'), join(directory, 'node_modules'))
  try {
    const sizes: Record<string, { firstLoad: number; files: number }> = {}
    for (const [name, makeSource] of selectHosts(only))
      sizes[name] = await firstLoadSize(makeSource(), directory, name)
    const baseline = sizes.baseline!
    return Object.entries(sizes).map(([bundle, { firstLoad, files }]) => ({
      bundle,
      firstLoad,
      firstLoadAdded: firstLoad - baseline.firstLoad,
      files,
    }))
  } finally {
    if (callersNodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = callersNodeEnv
    rmSync(directory, { recursive: true, force: true })
  }
}
