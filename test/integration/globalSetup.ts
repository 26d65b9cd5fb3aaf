import type { TestProject } from 'vitest/node'
import type { SandboxChainUrls } from '../../sandbox/chains.js'
import { startSandbox } from '../../sandbox/startSandbox.js'

declare module 'vitest' {
  export interface ProvidedContext {
    sandbox: { rpcUrls: SandboxChainUrls }
  }
}

/** One sandbox for the whole integration run. */
export default async function setup(project: TestProject) {
  const sandbox = await startSandbox()
  project.provide('sandbox', { rpcUrls: sandbox.rpcUrls })
  return () => sandbox.stop()
}
