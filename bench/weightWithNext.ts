import { execFile } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import {
  type RawIndexMap,
  type RawSourceMap,
  SourceMapConsumer,
} from 'source-map-js'
import { builtPackage } from '../test/helpers/builtPackage.js'
import { freePort, startCommand } from '../test/helpers/processes.js'
import { gzippedFirstLoad } from './weight.js'
import { selectHosts } from './weightHosts.js'

export type NextWeightResult = {
  bundle: string
  /**
   * Gzipped bytes of the JavaScript a route's server-rendered HTML loads
   * (its `<script src>`), built by `next build` (Turbopack).
   */
  firstLoad: number
  /** What the connector adds to the baseline route's first load. */
  firstLoadAdded: number
  /** How many JavaScript files the first load is. */
  files: number
}

const run = promisify(execFile)
const root = new URL('../', import.meta.url).pathname
const next = join(root, 'node_modules/next/dist/bin/next')
// Inside the repository (git ignores .sandbox/): Turbopack resolves only files
// under the project's root, and the pack by its own name, from dist/.
const appDirectory = join(root, '.sandbox/next-weight')

const routeOf = (index: number) => `host-${index}`

/** A route of the app: its host module, and the page that uses it. */
type Route = { host: string; page: string }

/** One Next.js app with a route per host, each page a client component. */
function writeApp(routes: Route[]) {
  rmSync(appDirectory, { recursive: true, force: true })
  const app = join(appDirectory, 'app')
  mkdirSync(app, { recursive: true })
  writeFileSync(
    join(app, 'layout.jsx'),
    'export default function Layout({ children }) {\n  return <html lang="en"><body>{children}</body></html>\n}\n',
  )
  // Source maps, to tell what each byte of a route's scripts comes from.
  writeFileSync(
    join(appDirectory, 'next.config.mjs'),
    'export default { productionBrowserSourceMaps: true }\n',
  )
  routes.forEach(({ host, page }, index) => {
    const route = join(app, routeOf(index))
    mkdirSync(route)
    // Turbopack takes no absolute path (the reference's): relative to the route.
    const hostSource = host.replace(
      /from '(\/[^']+)'/g,
      (_, path: string) => `from '${relative(route, path)}'`,
    )
    writeFileSync(join(route, 'host.jsx'), hostSource)
    writeFileSync(join(route, 'page.jsx'), page)
  })
}

/**
 * The bytes of `code` by the source each comes from, as its source map
 * says (Turbopack's are index maps: a section per module).
 */
function bytesBySource(code: string, map: RawSourceMap | RawIndexMap) {
  const lineStarts = [0]
  for (let at = code.indexOf('\n'); at !== -1; at = code.indexOf('\n', at + 1))
    lineStarts.push(at + 1)
  const mappings: { at: number; source: string }[] = []
  new SourceMapConsumer(map as RawSourceMap).eachMapping((mapping) => {
    mappings.push({
      at: lineStarts[mapping.generatedLine - 1]! + mapping.generatedColumn,
      source: mapping.source ?? '',
    })
  })
  mappings.sort((a, b) => a.at - b.at)
  const bytes = new Map<string, number>()
  mappings.forEach(({ at, source }, index) => {
    const end = mappings[index + 1]?.at ?? code.length
    bytes.set(source, (bytes.get(source) ?? 0) + end - at)
  })
  return bytes
}

/**
 * The scripts a route's HTML loads, fetched and gzipped one by one (without
 * their source map comment: the app writes maps only to be measured), and
 * their bytes by source.
 */
async function routeFirstLoad(url: string) {
  const html = await (await fetch(url)).text()
  const scripts = [
    ...new Set(
      [...html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)].map(
        ([, src]) => src!,
      ),
    ),
  ]
  const files: Uint8Array[] = []
  const sources = new Map<string, number>()
  for (const src of scripts) {
    const response = await fetch(new URL(src, url))
    if (!response.ok) throw new Error(`${src}: ${response.status}`)
    const [code, mapUrl] = (await response.text()).split(
      /\n\/\/# sourceMappingURL=(\S+)\s*$/,
    )
    files.push(Buffer.from(code!))
    if (!mapUrl) continue
    const map = await fetch(new URL(mapUrl, new URL(src, url)))
    if (!map.ok) throw new Error(`${mapUrl}: ${map.status}`)
    for (const [source, bytes] of bytesBySource(code!, await map.json()))
      sources.set(source, (sources.get(source) ?? 0) + bytes)
  }
  return { ...gzippedFirstLoad(files), sources }
}

// The minimal host's page uses its config, as an app's page does.
const minimalPage =
  "'use client'\nimport * as host from './host.jsx'\n\nexport default function Page() {\n  globalThis.host = host\n  return null\n}\n"

/** `routes` as one Next.js app's production build: each route's first load, gzipped. */
export async function nextFirstLoads(
  routes: Route[],
): Promise<Awaited<ReturnType<typeof routeFirstLoad>>[]> {
  await builtPackage()
  writeApp(routes)
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NEXT_TELEMETRY_DISABLED: '1',
  }
  await run(process.execPath, [next, 'build', appDirectory], {
    env,
    maxBuffer: 16 * 1024 * 1024,
  })
  const port = await freePort()
  const server = startCommand(
    process.execPath,
    [next, 'start', appDirectory, '--port', `${port}`],
    { env },
  )
  try {
    await server.waitFor(/Ready in/, 60_000)
    const sizes: Awaited<ReturnType<typeof routeFirstLoad>>[] = []
    for (let index = 0; index < routes.length; index++)
      sizes.push(
        await routeFirstLoad(`http://localhost:${port}/${routeOf(index)}`),
      )
    return sizes
  } finally {
    process.kill(-server.child.pid!, 'SIGTERM')
    await server.exited
  }
}

/** The weight hosts as routes of a Next.js production build: first load, gzipped. */
export async function weightWithNext({
  only,
}: {
  only?: readonly string[] | undefined
} = {}): Promise<NextWeightResult[]> {
  const hosts = selectHosts(only)
  const sizes = await nextFirstLoads(
    hosts.map(([, source]) => ({ host: source(), page: minimalPage })),
  )
  const baseline = sizes[0]!.firstLoad
  return hosts.map(([bundle], index) => ({
    bundle,
    firstLoad: sizes[index]!.firstLoad,
    firstLoadAdded: sizes[index]!.firstLoad - baseline,
    files: sizes[index]!.files,
  }))
}
