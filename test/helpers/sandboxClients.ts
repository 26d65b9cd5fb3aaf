import { createPublicClient, http } from 'viem'
import type { SandboxChainUrls } from '../../sandbox/chains.js'
import { sandboxChains } from '../../sandbox/chains.js'

/** Read clients for the playground's sandbox chains, by chain id. */
export function sandboxClients() {
  const rpcUrls = JSON.parse(
    process.env.SANDBOX_RPC_URLS ?? 'null',
  ) as SandboxChainUrls | null
  if (!rpcUrls)
    throw new Error(
      'SANDBOX_RPC_URLS is not set: run through playwright.config.ts.',
    )
  const [ethereum, base] = sandboxChains(rpcUrls)
  return {
    1: createPublicClient({ chain: ethereum, transport: http() }),
    8453: createPublicClient({ chain: base, transport: http() }),
  }
}
