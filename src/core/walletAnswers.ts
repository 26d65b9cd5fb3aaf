import { type Address, getAddress, isAddress } from 'viem'

/** The addresses in a wallet's answer, checksummed; anything else left out. */
export function toAddresses(accounts: unknown): readonly Address[] {
  if (!Array.isArray(accounts)) return []
  return accounts
    .filter((account): account is string => isAddress(String(account)))
    .map((account) => getAddress(account))
}

/**
 * The EIP-1193 code of a wallet's error, looking through the wrappers wallets
 * and viem add (MetaMask Mobile nests the real one in `data.originalError`).
 */
export function providerErrorCode(error: unknown): number | undefined {
  for (let at = error, depth = 0; at && depth < 5; depth++) {
    const { code, data, cause } = at as {
      code?: unknown
      data?: { originalError?: unknown }
      cause?: unknown
    }
    const nested = data?.originalError
    if (nested && typeof (nested as { code?: unknown }).code === 'number')
      return (nested as { code: number }).code
    if (typeof code === 'number') return code
    at = cause
  }
  return undefined
}
