import { expect, test } from '@playwright/test'
import { erc20Abi, formatEther, verifyMessage } from 'viem'
import { sandboxAccountName } from '../../sandbox/contracts/nameResolver.js'
import { devAccount } from '../../sandbox/devAccounts.js'
import { confirmedTransaction } from '../helpers/confirmedTransaction.js'
import { signInPlayground } from '../helpers/playgroundSignature.js'
import { sandboxClients } from '../helpers/sandboxClients.js'
import { withSandboxTools } from '../helpers/sandboxTools.js'

const account = devAccount(0).address

test.beforeEach(async ({ page }) => {
  await page.goto('/')
  await withSandboxTools(page, (drawer) =>
    drawer.getByRole('button', { name: 'Connect Mock Connector' }).click(),
  )
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(account)
})

test("shows the account's primary name on Base, read from the sandbox's resolver on chain 8453", async ({
  page,
}) => {
  await expect(page.getByTestId('account-name')).toHaveText(sandboxAccountName)
})

test('signs a message that verifies against the connected account', async ({
  page,
}) => {
  const message = `Sign-in nonce ${Date.now()}`
  const signature = await signInPlayground(page, message)
  expect(await verifyMessage({ address: account, message, signature })).toBe(
    true,
  )
  expect(
    await verifyMessage({
      address: account,
      message: `${message}!`,
      signature,
    }),
  ).toBe(false)
})

test('switches to Base and sends ETH there, confirmed by 3 blocks', async ({
  page,
}) => {
  await expect(page.getByTestId('chain')).toHaveText('Ethereum (1)')
  await page.getByRole('button', { name: 'Base (8453)' }).click()
  await expect(page.getByTestId('chain')).toHaveText('Base (8453)')

  const recipient = devAccount(3).address
  const client = sandboxClients()[8453]
  const before = await client.getBalance({ address: recipient })
  await page.getByLabel('ETH recipient').fill(recipient)
  await page.getByLabel('ETH amount').fill('0.25')
  await page.getByRole('button', { name: 'Send ETH' }).click()
  await expect(page.getByTestId('eth-tx')).toContainText(
    'Waiting for 3 confirmations',
  )
  const hash = await confirmedTransaction(page, 'eth-tx')
  const receipt = await client.getTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(await client.getBlockNumber()).toBeGreaterThanOrEqual(
    receipt.blockNumber + 2n,
  )
  expect((await client.getBalance({ address: recipient })) - before).toBe(
    250000000000000000n,
  )
})

test('sends the test ERC-20 on Ethereum and shows the new balance', async ({
  page,
}) => {
  const recipient = devAccount(4).address
  await page.getByLabel('Token recipient').fill(recipient)
  await page.getByLabel('Token amount').fill('42')
  await page.getByRole('button', { name: 'Send SBX' }).click()
  const hash = await confirmedTransaction(page, 'token-tx')
  const client = sandboxClients()[1]
  const receipt = await client.getTransactionReceipt({ hash })
  const token = receipt.to!
  expect(
    await client.readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [recipient],
    }),
  ).toBe(42000000000000000000n)
  const senderBalance = await client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [account],
  })
  await expect(page.getByTestId('token-balance')).toHaveText(
    formatEther(senderBalance),
  )
})
