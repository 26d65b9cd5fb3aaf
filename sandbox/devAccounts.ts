import { type HDAccount, mnemonicToAccount } from 'viem/accounts'

/** Anvil's well-known development mnemonic: its keys are public, never use them elsewhere. */
export const sandboxMnemonic =
  'test test test test test test test test test test test junk'

const devAccountCount = 10

/** Dev account `index` (0–9), funded with 10 000 ETH on every sandbox chain. */
export function devAccount(index: number): HDAccount {
  if (!Number.isInteger(index) || index < 0 || index >= devAccountCount)
    throw new RangeError(`devAccount: index must be 0–${devAccountCount - 1}`)
  return mnemonicToAccount(sandboxMnemonic, { addressIndex: index })
}
