import {
  type Account,
  type Address,
  type Chain,
  createWalletClient,
  http,
  parseEther,
  publicActions,
} from 'viem'
import { compileContracts } from './compileContracts.js'

export type DeployTestTokenParameters = {
  chain: Chain
  account: Account
  /** Minted to `account`; default 1 000 000 tokens. */
  initialSupply?: bigint | undefined
}

/** Deploys test/contracts/TestToken.sol ("Sandbox Token", SBX, 18 decimals). */
export async function deployTestToken({
  chain,
  account,
  initialSupply = parseEther('1000000'),
}: DeployTestTokenParameters): Promise<Address> {
  const { TestToken } = await compileContracts()
  if (!TestToken) throw new Error('test/contracts has no TestToken contract.')
  const client = createWalletClient({
    account,
    chain,
    transport: http(),
  }).extend(publicActions)
  const hash = await client.deployContract({
    abi: TestToken.abi,
    bytecode: TestToken.bytecode,
    args: ['Sandbox Token', 'SBX', initialSupply],
  })
  const receipt = await client.waitForTransactionReceipt({
    hash,
    pollingInterval: 100,
  })
  if (receipt.status !== 'success' || !receipt.contractAddress)
    throw new Error(`TestToken deployment failed on chain ${chain.id}: ${hash}`)
  return receipt.contractAddress
}
