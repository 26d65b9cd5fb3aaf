import {
  type Chain,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  parseEther,
  publicActions,
} from 'viem'
import { compileContracts } from './compileContracts.js'
import {
  gasDelegateAddress,
  gasSponsor,
  gasStationAddress,
} from './gasStationAddresses.js'

/** The Gas Station's contracts, compiled from test/contracts. */
async function gasStationContracts() {
  const { SandboxGasDelegate, SandboxGasStation } = await compileContracts()
  if (!SandboxGasDelegate || !SandboxGasStation)
    throw new Error(
      'test/contracts has no SandboxGasDelegate or SandboxGasStation contract.',
    )
  return { delegate: SandboxGasDelegate, station: SandboxGasStation }
}

/**
 * Funds the sponsor and deploys the delegate and the station at their fixed
 * addresses; once only, as a chain restarted with its state keeps them.
 */
export async function deployGasStation(chain: Chain) {
  const client = createWalletClient({
    account: gasSponsor,
    chain,
    transport: http(),
  }).extend(publicActions)
  if (await client.getCode({ address: gasStationAddress })) return
  const { delegate, station } = await gasStationContracts()
  await createTestClient({
    mode: 'anvil',
    chain,
    transport: http(),
  }).setBalance({ address: gasSponsor.address, value: parseEther('1000000') })
  const deploy = async (
    contract: typeof delegate,
    argument: Hex,
    nonce: number,
  ) => {
    const hash = await client.deployContract({
      abi: contract.abi,
      bytecode: contract.bytecode,
      args: [argument],
      nonce,
    })
    return client.waitForTransactionReceipt({ hash, pollingInterval: 100 })
  }
  const receipts = await Promise.all([
    deploy(delegate, gasStationAddress, 0),
    deploy(station, gasDelegateAddress, 1),
  ])
  if (receipts.some((receipt) => receipt.status !== 'success'))
    throw new Error(`Gas Station deployment failed on chain ${chain.id}`)
}
