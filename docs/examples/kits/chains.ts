// chains.ts: the app's chains on the RPCs it is given. A chain on an RPC that is not the public one
// (a local anvil) has none of the public chain's contracts, and AppKit reads a network's RPC from the
// chain itself.
import type { Chain } from 'viem'
import { base, mainnet } from 'viem/chains'
import { settings } from './settings'

const onRpc = (chain: Chain, url: string | undefined): Chain => {
  if (!url) return chain
  const { contracts: _, ...withoutContracts } = chain
  return { ...withoutContracts, rpcUrls: { default: { http: [url] } } }
}

export const chains: [Chain, Chain] = [
  onRpc(mainnet, settings.rpcUrls[1]),
  onRpc(base, settings.rpcUrls[8453]),
]
