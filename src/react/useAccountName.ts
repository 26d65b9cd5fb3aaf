import {
  type UseQueryResult,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import type { Config } from '@wagmi/core'
import { useEffect, useState } from 'react'
import type { Address } from 'viem'
import { useConfig } from 'wagmi'

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

export type UseAccountNameParameters = {
  /** The account to name; nothing is asked while it is undefined. */
  address?: Address | undefined
  /** The universal resolver on chain 8453, when the config's chain has none. */
  universalResolverAddress?: Address | undefined
}

/** `data`: the name, or `null` when there is none (never an error). */
export type UseAccountNameReturnType = UseQueryResult<string | null>

/**
 * The primary name of an address on Base (the ENS lookup on chain 8453,
 * docs/panels.md), for showing beside the address: `getAccountName`
 * through the WagmiProvider's config and TanStack Query's cache.
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

/**
 * The panels' name beside an address: `useAccountName`'s lookup and cache
 * entry, asked once mounted through the QueryClient the host already has.
 * Not `useAccountName` itself: its observer code (useQuery) is TanStack
 * Query's that a host with only a QueryClient would fetch with the panels.
 * `undefined` while unknown, `null` when the address has no name.
 */
export function usePanelAccountName(
  address: Address | undefined,
): string | null | undefined {
  const config = useConfig()
  const queryClient = useQueryClient()
  const [named, setNamed] = useState<{
    address: Address
    name: string | null
  }>()
  useEffect(() => {
    if (!address) return
    let current = true
    queryClient.fetchQuery(accountNameQuery(config, { address })).then(
      (name) => current && setNamed({ address, name }),
      // A name is a nicety beside the address, never an error on screen.
      () => {},
    )
    return () => {
      current = false
    }
  }, [address, config, queryClient])
  return address && named?.address === address ? named.name : undefined
}
