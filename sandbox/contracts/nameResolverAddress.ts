import { type Address, getContractAddress } from 'viem'
import { devAccount } from '../devAccounts.js'

/**
 * Dev account 9 deploys nothing but the sandbox's name resolver, so it is
 * that account's first contract and its address is known before the chain
 * starts (pages read it here; deploying it needs Node).
 */
export const nameResolverDeployer = devAccount(9)

/** Where the sandbox's name resolver lives on its Base chain (8453). */
export const nameResolverAddress: Address = getContractAddress({
  from: nameResolverDeployer.address,
  nonce: 0n,
})
