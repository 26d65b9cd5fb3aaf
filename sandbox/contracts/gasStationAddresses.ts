import { type Address, getContractAddress } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { sandboxMnemonic } from '../devAccounts.js'

/**
 * The Gas Station's sponsor: it deploys the delegate and the station, and
 * pays the gas of every sponsored batch. Derived past anvil's ten funded dev
 * accounts, so no test sending from a dev account races it for a nonce; the
 * sandbox funds it when it deploys the contracts.
 */
export const gasSponsor = mnemonicToAccount(sandboxMnemonic, {
  addressIndex: 100,
})

/** The EIP-7702 delegate (test/contracts/SandboxGasDelegate.sol): the sponsor's first contract. */
export const gasDelegateAddress: Address = getContractAddress({
  from: gasSponsor.address,
  nonce: 0n,
})

/** The station (test/contracts/SandboxGasStation.sol): the sponsor's second contract. */
export const gasStationAddress: Address = getContractAddress({
  from: gasSponsor.address,
  nonce: 1n,
})
