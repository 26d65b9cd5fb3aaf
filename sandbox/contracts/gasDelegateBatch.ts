import {
  type Address,
  encodeFunctionData,
  type Hex,
  type PublicClient,
} from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { compileContracts } from './compileContracts.js'
import {
  gasDelegateAddress,
  gasSponsor,
  gasStationAddress,
} from './gasStationAddresses.js'

// The batches an account runs through the sandbox's gas delegate
// (test/contracts/SandboxGasDelegate.sol): the Turnkey emulator's and the
// sandbox wallet's. Both send what is built here, each in its own way.

export type Call = { to: Address; value: bigint; data: Hex }

/** The most calls a batch may hold (the delegate's MAX_BATCH_SIZE). */
export const gasDelegateMaxCalls = 50

/** What a batch reads of the chain: any viem client with these public actions. */
type ChainReader = Pick<
  PublicClient,
  'getCode' | 'getStorageAt' | 'getTransactionCount'
> & { chain?: { id: number } | undefined }

// The gas delegate's nonce slot (ERC-7201, see SandboxGasDelegate.sol).
const nonceSlot =
  '0x888fa6c66bffa3e3fa42e75a2922262b3bad0e95823db1e6a6932e1667423200'
const designatorPrefix = '0xef0100'

/** Whether `account` delegates to the sandbox's gas delegate (EIP-7702). */
async function delegatesToGasDelegate(client: ChainReader, account: Address) {
  const code = (await client.getCode({ address: account })) ?? '0x'
  return (
    code.toLowerCase() ===
    `${designatorPrefix}${gasDelegateAddress.slice(2)}`.toLowerCase()
  )
}

/** Whether `account` has any EIP-7702 delegate. */
export async function isDelegated(client: ChainReader, account: Address) {
  const code = (await client.getCode({ address: account })) ?? '0x'
  return code.toLowerCase().startsWith(designatorPrefix)
}

/** The nonce the account's next gas-station batch must carry (kept in its own storage). */
export async function gasStationNonce(client: ChainReader, account: Address) {
  const word = await client.getStorageAt({ address: account, slot: nonceSlot })
  return BigInt(word && word !== '0x' ? word : 0)
}

/**
 * A batch the account signed (EIP-712 `BatchExecution`), run by its gas
 * delegate: brought by the sponsor through the station (the sponsor pays), or
 * sent by the account to itself (it pays). An account not yet delegated signs
 * the EIP-7702 authorization that the same transaction carries. Returns who
 * sends the transaction and what it carries; the delegate runs every call or
 * none.
 */
export async function gasDelegateBatch(
  client: ChainReader,
  account: PrivateKeyAccount,
  {
    calls,
    sponsored,
    batchNonce,
    deadline,
  }: {
    calls: Call[]
    sponsored: boolean
    batchNonce: bigint | undefined
    deadline: bigint
  },
) {
  const chainId = client.chain!.id
  const { SandboxGasDelegate: delegate, SandboxGasStation: station } =
    await compileContracts()
  const nonce = batchNonce ?? (await gasStationNonce(client, account.address))
  const signature = await account.signTypedData({
    domain: {
      name: 'SandboxGasDelegate',
      version: '1',
      chainId,
      verifyingContract: account.address,
    },
    types: {
      BatchExecution: [
        { name: 'nonce', type: 'uint128' },
        { name: 'deadline', type: 'uint256' },
        { name: 'calls', type: 'Call[]' },
      ],
      Call: [
        { name: 'to', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'data', type: 'bytes' },
      ],
    },
    primaryType: 'BatchExecution',
    message: { nonce, deadline, calls },
  })
  const authorizationList = (await delegatesToGasDelegate(
    client,
    account.address,
  ))
    ? undefined
    : [
        await account.signAuthorization({
          address: gasDelegateAddress,
          chainId,
          // The sender's own nonce is spent before its authorization is checked.
          nonce:
            (await client.getTransactionCount({
              address: account.address,
              blockTag: 'pending',
            })) + (sponsored ? 0 : 1),
        }),
      ]
  // A call's value comes from the account's own balance (the delegate runs
  // at its address), so the outer transaction carries none.
  if (sponsored)
    return {
      sender: gasSponsor,
      to: gasStationAddress,
      data: encodeFunctionData({
        abi: station!.abi,
        functionName: 'executeBatch',
        args: [account.address, calls, nonce, deadline, signature],
      }),
      authorizationList,
    }
  return {
    sender: account,
    to: account.address,
    data: encodeFunctionData({
      abi: delegate!.abi,
      functionName: 'executeBatch',
      args: [calls, nonce, deadline, signature],
    }),
    authorizationList,
  }
}
