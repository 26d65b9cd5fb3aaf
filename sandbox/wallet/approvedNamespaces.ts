import type { ProposalTypes, SessionTypes } from '@walletconnect/types'
import { getChainsFromRequiredNamespaces } from '@walletconnect/utils'
import type { Address } from 'viem'

/**
 * What the wallet approves of a session proposal: every requested chain
 * (required or optional) it is willing to use, with all of its methods.
 * Undefined when it shares no chain with the proposal or lacks a required one.
 */
export function approvedNamespaces(
  proposal: ProposalTypes.Struct,
  {
    chainIds,
    methods,
    address,
  }: { chainIds: number[]; methods: string[]; address: Address },
): SessionTypes.Namespaces | undefined {
  const willing = chainIds.map((chainId) => `eip155:${chainId}`)
  const required = getChainsFromRequiredNamespaces(proposal.requiredNamespaces)
  const requested = new Set([
    ...required,
    ...getChainsFromRequiredNamespaces(proposal.optionalNamespaces),
  ])
  const chains = [...requested].filter((chain) => willing.includes(chain))
  if (
    chains.length === 0 ||
    !required.every((chain) => willing.includes(chain))
  )
    return undefined
  return {
    eip155: {
      chains,
      methods,
      events: ['chainChanged', 'accountsChanged'],
      accounts: chains.map((chain) => `${chain}:${address}`),
    },
  }
}
