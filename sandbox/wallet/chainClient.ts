import {
  type Account,
  createWalletClient,
  defineChain,
  http,
  publicActions,
} from 'viem'

export type ChainClient = ReturnType<typeof chainClient>

/** A viem wallet client for `account` on a chain known only by its id and RPC URL. */
export function chainClient(account: Account, chainId: number, rpcUrl: string) {
  const chain = defineChain({
    id: chainId,
    name: `Sandbox chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  return createWalletClient({ account, chain, transport: http() }).extend(
    publicActions,
  )
}
