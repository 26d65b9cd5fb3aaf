import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Address } from 'viem'
import { createServer, preview, build as viteBuild } from 'vite'
import { sandboxChains } from '../sandbox/chains.js'
import { deployTestToken } from '../sandbox/contracts/deployTestToken.js'
import { devAccount } from '../sandbox/devAccounts.js'
import { type Sandbox, startSandbox } from '../sandbox/startSandbox.js'
import { setGasUsageConfig } from '../sandbox/turnkey/gasUsageConfig.js'
import {
  buildKitExample,
  type Kit,
  kits as kitNames,
} from './buildKitExample.js'
import { hostBackend } from './hostBackend.js'
import { sandboxFaucet } from './sandboxFaucet.js'
import { sandboxModule } from './sandboxModule.js'
import { sandboxWalletBackend } from './sandboxWalletBackend.js'
import { servedFolder } from './servedFolder.js'

export type Playground = {
  /** Use `localhost`, not 127.0.0.1: WebAuthn refuses IP addresses as relying party. */
  url: string
  /** docs/examples/kits/<kit> on the sandbox, on the playground's origin (with `kits`). */
  kitUrls: Record<Kit, string> | undefined
  sandbox: Sandbox
  stop(): Promise<void>
}

/**
 * Runs `start` without the handlers Vite's dev server adds: on SIGTERM (or
 * stdin's end) it closes itself and exits the process at once, before the
 * sandbox's chains are stopped, which then outlive the playground. Whoever
 * runs the playground stops it (`stop()`, or cli.ts's signal handling).
 */
async function withoutViteExitHandlers<value>(start: () => Promise<value>) {
  const sigterm = process.listeners('SIGTERM')
  const stdinEnd = process.stdin.listeners('end')
  const started = await start()
  for (const listener of process.listeners('SIGTERM'))
    if (!sigterm.includes(listener)) process.off('SIGTERM', listener)
  for (const listener of process.stdin.listeners('end'))
    if (!stdinEnd.includes(listener))
      process.stdin.off('end', listener as () => void)
  return started
}

/** The sandbox with the test token deployed, and the playground app on Vite's dev server (or built, `build`). */
export async function startPlayground({
  port = 5173,
  strictPort = false,
  build = false,
  kits = false,
}: {
  port?: number
  strictPort?: boolean
  /**
   * Serves a production build of the app, what a host's visitors load,
   * instead of the dev server's module-by-module source: a page then loads
   * in about half the CPU, and the browser suites load hundreds.
   */
  build?: boolean
  /** Also serves the connect kits' examples (docs/kits.md), each a production build made on its first visit. */
  kits?: boolean
} = {}): Promise<Playground> {
  const sandbox = await startSandbox()
  // Each server optimizes dependencies into its own folder: another playground
  // starting (tests run several side by side) would otherwise replace the files
  // this one serves, and its pages' dynamic imports would fail.
  const cacheDir = mkdtempSync(join(tmpdir(), 'playground-vite-'))
  const removeCache = () => rmSync(cacheDir, { recursive: true, force: true })
  try {
    const chains = sandboxChains(sandbox.rpcUrls)
    const addresses = await Promise.all(
      chains.map((chain) => deployTestToken({ chain, account: devAccount(0) })),
    )
    // Sponsorship on, as a host sets it up at the vendor (docs/calls.md): the "Send calls" card offers it.
    await setGasUsageConfig(sandbox.vendor, {
      orgWindowLimitUsd: '100',
      subOrgWindowLimitUsd: '10',
      windowDurationMinutes: '60',
    })
    const tokenAddresses = Object.fromEntries(
      chains.map((chain, index) => [chain.id, addresses[index]!]),
    ) as Record<number, Address>
    const configFile = new URL('vite.config.ts', import.meta.url).pathname
    const backends = [
      hostBackend(sandbox.vendor, sandbox.identityProvider),
      sandboxFaucet(sandbox, tokenAddresses),
      sandboxWalletBackend(sandbox),
    ]
    const sandboxValues = sandboxModule({
      rpcUrls: sandbox.rpcUrls,
      tokenAddresses,
      vendorUrl: sandbox.vendor.url,
      parentOrganizationId: sandbox.vendor.parentOrganizationId,
      sessionProfileId: sandbox.vendor.sessionProfileId,
      exportFrameUrl: sandbox.exportFrameUrl,
      relayUrl: sandbox.relay.url,
      authProxyUrl: sandbox.authProxy.url,
      authProxyConfigId: sandbox.authProxy.configId,
      identityProvider: {
        issuer: sandbox.identityProvider.issuer,
        clientIds: sandbox.identityProvider.clientIds,
      },
    })
    const kitBase = (kit: Kit) => `/kits/${kit}/`
    // Each example is built on its first visit, not at start: most sessions
    // never open one, and each build takes both cores for seconds. One after
    // the other, for the same reason.
    let builds = Promise.resolve()
    for (const kit of kits ? kitNames : []) {
      const folder = join(cacheDir, 'kits', kit)
      let built: Promise<string> | undefined
      const builtFolder = () => {
        if (built) return built
        built = builds.then(async () => {
          await buildKitExample({
            kit,
            outDir: folder,
            base: kitBase(kit),
            cacheDir,
            settings: {
              organizationId: sandbox.vendor.parentOrganizationId,
              sessionProfileId: sandbox.vendor.sessionProfileId,
              apiBaseUrl: sandbox.vendor.url,
              authProxyUrl: sandbox.authProxy.url,
              authProxyConfigId: sandbox.authProxy.configId,
              relayUrl: sandbox.relay.url,
              rpcUrls: sandbox.rpcUrls,
            },
          })
          return folder
        })
        builds = built.then(
          () => undefined,
          () => undefined,
        )
        return built
      }
      backends.push(servedFolder(kitBase(kit), builtFolder))
    }
    const server = await withoutViteExitHandlers(async () => {
      if (!build) {
        const server = await createServer({
          configFile,
          cacheDir,
          plugins: [...backends, sandboxValues],
          server: { port, strictPort },
          logLevel: 'warn',
        })
        await server.listen()
        return server
      }
      const outDir = join(cacheDir, 'build')
      await viteBuild({
        configFile,
        cacheDir,
        plugins: [sandboxValues],
        build: { outDir },
        logLevel: 'error',
      })
      return preview({
        configFile,
        cacheDir,
        plugins: backends,
        build: { outDir },
        preview: { port, strictPort },
        logLevel: 'warn',
      })
    })
    const address = server.httpServer?.address()
    if (!address || typeof address === 'string')
      throw new Error('Vite did not report its port.')
    // The proxy config allows http://localhost:5173; a playground on another port is added,
    // as a host adds its origins in the vendor's dashboard.
    sandbox.authProxy.allowOrigin(`http://localhost:${address.port}`)
    return {
      url: `http://localhost:${address.port}/`,
      kitUrls: kits
        ? (Object.fromEntries(
            kitNames.map((kit) => [
              kit,
              `http://localhost:${address.port}${kitBase(kit)}`,
            ]),
          ) as Record<Kit, string>)
        : undefined,
      sandbox,
      async stop() {
        await server.close()
        await sandbox.stop()
        removeCache()
      },
    }
  } catch (error) {
    await sandbox.stop()
    removeCache()
    throw error
  }
}
