import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { useConfig } from 'wagmi'
import { accountNameQuery } from './accountNameQuery.js'

export type UseAccountNameParameters = {
  /** The account to name; nothing is asked while it is undefined. */
  address?: Address | undefined
  /** The universal resolver on chain 8453, when the config's chain has none. */
  universalResolverAddress?: Address | undefined
}

/** `data`: the name, or `null` when there is none (never an error). */
export type UseAccountNameReturnType = UseQueryResult<string | null>

/**
 * The primary name of an address on Base (SPEC §9's ENS lookup on chain
 * 8453), for showing beside the address: `getAccountName` through the
 * WagmiProvider's config and TanStack Query's cache.
 */
export function useAccountName({
  address,
  universalResolverAddress,
}: UseAccountNameParameters): UseAccountNameReturnType {
  const config = useConfig()
  return useQuery({
    ...accountNameQuery(config, { address, universalResolverAddress }),
    enabled: Boolean(address),
  })
}
