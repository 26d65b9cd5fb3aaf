import type { Config } from '@wagmi/core'
import type { Address } from 'viem'

/**
 * TanStack Query's options for the primary name of `address` on Base, shared
 * by `useAccountName` and the panels so that they share one cache entry.
 * The lookup (viem's ENS call and its ABI code) loads with the first query,
 * not with the page.
 */
export function accountNameQuery(
  config: Config,
  {
    address,
    universalResolverAddress,
  }: {
    address?: Address | undefined
    universalResolverAddress?: Address | undefined
  },
) {
  return {
    queryKey: [
      'wagmi-connector-pack',
      'accountName',
      address,
      universalResolverAddress,
    ] as const,
    queryFn: async () => {
      if (!address) return null
      const { getAccountName } = await import('../names/getAccountName.js')
      return getAccountName(config, { address, universalResolverAddress })
    },
    staleTime: 5 * 60_000,
  }
}
