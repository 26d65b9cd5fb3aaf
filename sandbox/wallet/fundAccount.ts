import { type Address, type LocalAccount, nonceManager, parseEther } from 'viem'
import { chainClient } from './chainClient.js'

/** Sends 10 ETH from `from` to `to` on every chain and waits until each transfer is mined. */
export async function fundAccount({
  from,
  to,
  rpcUrls,
}: {
  from: LocalAccount
  to: Address
  rpcUrls: Record<number, string>
}) {
  // viem's shared nonce manager lets several wallets be funded from one account at once.
  const sender = { ...from, nonceManager }
  await Promise.all(
    Object.entries(rpcUrls).map(async ([chainId, rpcUrl]) => {
      const client = chainClient(sender, Number(chainId), rpcUrl)
      const hash = await client.sendTransaction({ to, value: parseEther('10') })
      await client.waitForTransactionReceipt({ hash, pollingInterval: 100 })
    }),
  )
}
