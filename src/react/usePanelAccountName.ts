import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { Address } from 'viem'
import { useConfig } from 'wagmi'
import { accountNameQuery } from './accountNameQuery.js'

/**
 * The panels' name beside an address: `useAccountName`'s lookup and cache
 * entry, asked once mounted through the QueryClient the host already has,
 * without TanStack Query's observer code in the panels' first load.
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
