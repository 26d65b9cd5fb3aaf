import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Sandbox } from '../../sandbox/startSandbox.js'
import { builtPackage } from './builtPackage.js'
import { freePort, startCommand } from './processes.js'

const run = promisify(execFile)
const root = new URL('../../', import.meta.url).pathname
/** docs/nextjs.md's app: it imports the package by its name, so it gets dist/. */
const nextjsExampleDirectory = join(root, 'docs/examples/nextjs')
const next = join(root, 'node_modules/next/dist/bin/next')

/** Only what a build machine has: no key, no id, no URL of the app's own. */
const buildEnvironment = () => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NEXT_TELEMETRY_DISABLED: '1',
})

/** `next build` of the example with no secrets in the environment; its output. */
export async function buildNextjsExample(): Promise<string> {
  await builtPackage()
  const { stdout, stderr } = await run(
    process.execPath,
    [next, 'build', nextjsExampleDirectory],
    { env: buildEnvironment(), maxBuffer: 16 * 1024 * 1024 },
  )
  return stdout + stderr
}

export type SandboxForNextjs = {
  vendor: Pick<
    Sandbox['vendor'],
    | 'url'
    | 'parentOrganizationId'
    | 'parentApiKey'
    | 'signerPublicKey'
    | 'sessionProfileId'
  >
  rpcUrls: Sandbox['rpcUrls']
  relayUrl: string
  exportFrameUrl: string
}

/** The built example on `next start`, set up for the sandbox as docs/nextjs.md says. */
export async function startNextjsExample(sandbox: SandboxForNextjs) {
  const port = await freePort()
  const { vendor } = sandbox
  const server = startCommand(
    process.execPath,
    [next, 'start', nextjsExampleDirectory, '--port', `${port}`],
    {
      env: {
        ...buildEnvironment(),
        TURNKEY_ORGANIZATION_ID: vendor.parentOrganizationId,
        TURNKEY_SESSION_PROFILE_ID: vendor.sessionProfileId,
        TURNKEY_API_PUBLIC_KEY: vendor.parentApiKey.publicKey,
        TURNKEY_API_PRIVATE_KEY: vendor.parentApiKey.privateKey,
        TURNKEY_API_BASE_URL: vendor.url,
        TURNKEY_VERIFICATION_TOKEN_PUBLIC_KEY: vendor.signerPublicKey,
        TURNKEY_EXPORT_FRAME_URL: sandbox.exportFrameUrl,
        TURNKEY_RECOVERY_FRAME_URL: sandbox.exportFrameUrl,
        WALLETCONNECT_PROJECT_ID: '00000000000000000000000000000000',
        WALLETCONNECT_RELAY_URL: sandbox.relayUrl,
        RPC_URL_1: sandbox.rpcUrls[1],
        RPC_URL_8453: sandbox.rpcUrls[8453],
      },
    },
  )
  try {
    await server.waitFor(/Ready in/, 60_000)
  } catch (error) {
    process.kill(-server.child.pid!, 'SIGTERM')
    throw error
  }
  return {
    url: `http://localhost:${port}`,
    async stop() {
      process.kill(-server.child.pid!, 'SIGTERM')
      await server.exited
    },
  }
}
