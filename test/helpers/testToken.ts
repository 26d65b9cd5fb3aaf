import {
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  http,
} from 'viem'
import { deployTestToken } from '../../sandbox/contracts/deployTestToken.js'

/**
 * A fresh sandbox token (test/contracts/TestToken.sol) on `chain`, deployed
 * by `funder`, who sends `amount` of it to `holder`: its address, once the
 * transfer landed.
 */
export async function tokenHeldBy({
  chain,
  funder,
  holder,
  amount,
}: {
  chain: Chain
  funder: Account
  holder: Address
  amount: bigint
}): Promise<Address> {
  const token = await deployTestToken({ chain, account: funder })
  const hash = await createWalletClient({
    account: funder,
    chain,
    transport: http(),
  }).writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [holder, amount],
  })
  await createPublicClient({
    chain,
    transport: http(),
  }).waitForTransactionReceipt({ hash, pollingInterval: 100 })
  return token
}

/** One call to `token`, as a batch lists it: an ERC-20 `approve` of `amount` for `to`, or a `transfer` of it to `to`. */
export const tokenCall = (
  token: Address,
  functionName: 'approve' | 'transfer',
  to: Address,
  amount: bigint,
) => ({
  to: token,
  data: encodeFunctionData({ abi: erc20Abi, functionName, args: [to, amount] }),
})
