import type { Chain } from 'viem'
import { base, mainnet } from 'viem/chains'
import { nameResolverAddress } from './contracts/nameResolverAddress.js'

/** The sandbox runs one anvil per chain id: Ethereum (1) and Base (8453). */
export const sandboxChainIds = [mainnet.id, base.id] as const

type SandboxChainId = (typeof sandboxChainIds)[number]

export type SandboxChainUrls = Record<SandboxChainId, string>

/**
 * viem chains whose only RPC URL is the sandbox's anvil, so nothing leaves the
 * machine. Their well-known contracts (Multicall3, ENS) do not exist on a
 * fresh anvil, so they are left out and viem makes plain calls; Base gets the
 * sandbox's name resolver as its `ensUniversalResolver`.
 */
export function sandboxChains(rpcUrls: SandboxChainUrls) {
  const local = <chain extends Chain>(
    { contracts: _, ...chain }: chain,
    url: string,
  ) =>
    ({
      ...chain,
      rpcUrls: { default: { http: [url] } },
    }) as const
  return [
    local(mainnet, rpcUrls[mainnet.id]),
    {
      ...local(base, rpcUrls[base.id]),
      contracts: { ensUniversalResolver: { address: nameResolverAddress } },
    },
  ] as const
}
