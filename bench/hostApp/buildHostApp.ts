import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'vite'

const hostDir = new URL('./', import.meta.url).pathname
const root = new URL('../../', import.meta.url).pathname

/** One entry of Vite's build manifest (`.vite/manifest.json`). */
type ManifestChunk = {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}
export type HostAppBuild = {
  outDir: string
  manifest: Record<string, ManifestChunk>
  /**
   * The files a page loads before anything else happens: its entry chunk and
   * every chunk it imports statically, transitively (no dynamic import).
   */
  firstLoad(page: 'index.html' | 'wagmi.html'): string[]
}

/**
 * A production build (Vite, minified, split at dynamic imports) of the host
 * app in bench/hostApp: `index.html` with walletConnectDeepLink and, given
 * wagmi's published `walletConnect.js` as `reference`, `wagmi.html` with it.
 */
export async function buildHostApp({
  outDir,
  reference,
}: {
  outDir: string
  reference?: string | undefined
}): Promise<HostAppBuild> {
  await build({
    configFile: false,
    root: hostDir,
    logLevel: 'warn',
    resolve: {
      alias: {
        'wagmi-connector-pack/walletconnect': join(
          root,
          'src/exports/walletconnect.ts',
        ),
        ...(reference ? { 'wagmi-reference/walletConnect': reference } : {}),
      },
    },
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      rolldownOptions: {
        input: {
          index: join(hostDir, 'index.html'),
          ...(reference ? { wagmi: join(hostDir, 'wagmi.html') } : {}),
        },
      },
    },
  })
  const manifest = JSON.parse(
    readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>
  return {
    outDir,
    manifest,
    firstLoad(page) {
      const files = new Set<string>()
      const visit = (key: string) => {
        const chunk = manifest[key]
        if (!chunk || files.has(chunk.file)) return
        files.add(chunk.file)
        for (const imported of chunk.imports ?? []) visit(imported)
      }
      visit(page)
      return [...files].filter((file) => file.endsWith('.js'))
    },
  }
}
