import { type Address, getAddress, isAddress } from 'viem'

/** The addresses in a wallet's answer, checksummed; anything else left out. */
export function toAddresses(accounts: unknown): readonly Address[] {
  if (!Array.isArray(accounts)) return []
  return accounts
    .filter((account): account is string => isAddress(String(account)))
    .map((account) => getAddress(account))
}
