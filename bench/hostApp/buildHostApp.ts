import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'vite'
import { firstLoadFiles, type ViteManifest } from '../viteManifest.js'

const hostDir = new URL('./', import.meta.url).pathname
const root = new URL('../../', import.meta.url).pathname

export type HostAppBuild = {
  outDir: string
  manifest: ViteManifest
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
  ) as ViteManifest
  return {
    outDir,
    manifest,
    firstLoad(page) {
      return firstLoadFiles(manifest, [page]).filter((file) =>
        file.endsWith('.js'),
      )
    },
  }
}
