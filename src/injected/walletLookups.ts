import { type Address, getAddress, isAddress } from 'viem'
import { withTimeout } from '../core/withTimeout.js'
import type { InjectedProvider } from './eip1193.js'

// SPEC §9: connected accounts within 500 ms, the chain id within 1000 ms.
const accountsLookupMs = 500
const chainIdLookupMs = 1_000

const ask = (
  provider: InjectedProvider,
  method: 'eth_accounts' | 'eth_chainId',
  deadlineMs: number,
) =>
  withTimeout(
    provider.request({ method }),
    deadlineMs,
    () => new Error(`${method} timed out`),
  )

/** The wallet's connected accounts, within SPEC §9's deadline: a wallet still loading must not hold wagmi's reconnect. */
export const lookUpAccounts = async (provider: InjectedProvider) =>
  toAddresses(await ask(provider, 'eth_accounts', accountsLookupMs))

/** The wallet's chain id, within SPEC §9's deadline. */
export const lookUpChainId = async (provider: InjectedProvider) =>
  Number(await ask(provider, 'eth_chainId', chainIdLookupMs))

/** The addresses in a wallet's answer, checksummed; anything else left out. */
export function toAddresses(accounts: unknown): readonly Address[] {
  if (!Array.isArray(accounts)) return []
  return accounts
    .filter((account): account is string => isAddress(String(account)))
    .map((account) => getAddress(account))
}
