import {
  type Address,
  type Chain,
  createWalletClient,
  http,
  publicActions,
} from 'viem'
import { toCoinType } from 'viem/ens'
import { devAccount } from '../devAccounts.js'
import { compileContracts } from './compileContracts.js'
import {
  nameResolverDeployer as deployer,
  nameResolverAddress,
} from './nameResolverAddress.js'

/** The primary name the sandbox gives dev account 0 on Base. */
export const sandboxAccountName = 'sandbox-dev.base.eth'

async function resolverContract() {
  const { SandboxNameResolver } = await compileContracts()
  if (!SandboxNameResolver)
    throw new Error('test/contracts has no SandboxNameResolver contract.')
  return SandboxNameResolver
}

function client(chain: Chain) {
  return createWalletClient({
    account: deployer,
    chain,
    transport: http(),
  }).extend(publicActions)
}

async function confirmed(chain: Chain, hash: `0x${string}`, what: string) {
  const receipt = await client(chain).waitForTransactionReceipt({
    hash,
    pollingInterval: 100,
  })
  if (receipt.status !== 'success')
    throw new Error(`${what} failed on chain ${chain.id}: ${hash}`)
}

/**
 * Deploys test/contracts/SandboxNameResolver.sol at `nameResolverAddress`
 * (once: a chain restarted with its state keeps it) and names dev account 0
 * `sandbox-dev.base.eth` for Base's coin type.
 */
export async function deployNameResolver(chain: Chain) {
  const wallet = client(chain)
  if (await wallet.getCode({ address: nameResolverAddress })) return
  const { abi, bytecode } = await resolverContract()
  const hash = await wallet.deployContract({ abi, bytecode })
  await confirmed(chain, hash, 'SandboxNameResolver deployment')
  await setAccountName(chain, devAccount(0).address, sandboxAccountName)
}

/** Gives `account` the primary name `name` on `chain` (an empty name removes it). */
export async function setAccountName(
  chain: Chain,
  account: Address,
  name: string,
) {
  const { abi } = await resolverContract()
  const hash = await client(chain).writeContract({
    address: nameResolverAddress,
    abi,
    functionName: 'setName',
    args: [account, toCoinType(chain.id), name],
  })
  await confirmed(chain, hash, 'setName')
}

/** Makes the resolver revert every lookup (or answer again). */
export async function setNameResolverReverting(chain: Chain, value: boolean) {
  const { abi } = await resolverContract()
  const hash = await client(chain).writeContract({
    address: nameResolverAddress,
    abi,
    functionName: 'setReverting',
    args: [value],
  })
  await confirmed(chain, hash, 'setReverting')
}
