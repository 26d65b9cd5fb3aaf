import {
  type Client,
  createWalletClient,
  erc20Abi,
  type Hash,
  http,
  parseEther,
  parseEventLogs,
  publicActions,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { getBlockNumber, waitForTransactionReceipt } from 'viem/actions'
import { describe, expect, inject, it } from 'vitest'
import { sandboxChains } from '../../sandbox/chains.js'
import { compileContracts } from '../../sandbox/contracts/compileContracts.js'
import { deployTestToken } from '../../sandbox/contracts/deployTestToken.js'
import { devAccount } from '../../sandbox/devAccounts.js'

const confirmations = 3 // receipts count after 3 blocks (receiptConfirmations)

/** Waits for 3 confirmations and checks the chain really is 3 blocks past the receipt. */
async function expectConfirmed(client: Client, hash: Hash) {
  const receipt = await waitForTransactionReceipt(client, {
    hash,
    confirmations,
    pollingInterval: 100,
  })
  expect(receipt.status).toBe('success')
  expect(await getBlockNumber(client)).toBeGreaterThanOrEqual(
    receipt.blockNumber + BigInt(confirmations - 1),
  )
  return receipt
}

describe.concurrent.each(sandboxChains(inject('sandbox').rpcUrls))(
  'on $name ($id)',
  (chain) => {
    // Each test sends from its own dev account, so concurrent tests never share a nonce.
    const clientOf = (index: number) =>
      createWalletClient({
        account: devAccount(index),
        chain,
        transport: http(),
      }).extend(publicActions)

    it('reports its chain id and funds the dev accounts', async () => {
      const client = clientOf(1)
      const sender = client.account
      expect(await client.getChainId()).toBe(chain.id)
      expect(
        await client.getBalance({ address: sender.address }),
      ).toBeGreaterThan(parseEther('1000'))
    })

    it('sends ETH and tokens, each confirmed by 3 blocks', async () => {
      const client = clientOf(1)
      const sender = client.account
      const recipient = privateKeyToAccount(generatePrivateKey()).address
      const token = await deployTestToken({ chain, account: sender })
      expect(
        await client.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'symbol',
        }),
      ).toBe('SBX')

      const ethHash = await client.sendTransaction({
        to: recipient,
        value: parseEther('1.5'),
      })
      await expectConfirmed(client, ethHash)
      expect(await client.getBalance({ address: recipient })).toBe(
        parseEther('1.5'),
      )

      const tokenHash = await client.writeContract({
        address: token,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [recipient, parseEther('250')],
      })
      const tokenReceipt = await expectConfirmed(client, tokenHash)
      const [transfer] = parseEventLogs({
        abi: erc20Abi,
        eventName: 'Transfer',
        logs: tokenReceipt.logs,
      })
      expect(transfer?.args).toEqual({
        from: sender.address,
        to: recipient,
        value: parseEther('250'),
      })
      const balanceOf = (address: `0x${string}`) =>
        client.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address],
        })
      expect(await balanceOf(recipient)).toBe(parseEther('250'))
      expect(await balanceOf(sender.address)).toBe(parseEther('999750'))
    })

    it('reverts a transfer beyond the balance with the contract error', async () => {
      const client = clientOf(2)
      const sender = client.account
      const { TestToken } = await compileContracts()
      const token = await deployTestToken({
        chain,
        account: sender,
        initialSupply: 10n,
      })
      await expect(
        client.simulateContract({
          address: token,
          abi: TestToken!.abi,
          functionName: 'transfer',
          args: [sender.address, 11n],
        }),
      ).rejects.toThrow(
        /InsufficientBalance\(uint256 available, uint256 required\)\s+\(10, 11\)/,
      )
    })
  },
)
