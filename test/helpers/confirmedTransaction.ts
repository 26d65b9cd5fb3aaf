import { expect, type Page } from '@playwright/test'
import type { Address, Hash, PublicClient } from 'viem'

/**
 * Waits until the page shows the transaction confirmed (3 blocks), and
 * returns its hash; with `after`, a transaction other than that one.
 */
export async function confirmedTransaction(
  page: Page,
  testId: 'eth-tx' | 'token-tx',
  after?: Hash,
): Promise<Hash> {
  if (after) await expect(page.getByTestId(testId)).not.toContainText(after)
  await expect(page.getByTestId(`${testId}-confirmed`)).toContainText(
    'Confirmed in block',
  )
  return /0x[0-9a-f]{64}/.exec(
    (await page.getByTestId(testId).textContent()) ?? '',
  )![0] as Hash
}

/**
 * Sends `amount` ETH with the playground's Send ETH form and waits until it
 * is confirmed: a success, from `address`. Its hash; with `after`, the hash
 * shown before, a transaction other than that one.
 */
export async function sendEthInPlayground(
  page: Page,
  chain: PublicClient,
  address: Address,
  { amount = '0.01', after }: { amount?: string; after?: Hash } = {},
): Promise<Hash> {
  await page.getByLabel('ETH amount').fill(amount)
  await page.getByRole('button', { name: 'Send ETH' }).click()
  const hash = await confirmedTransaction(page, 'eth-tx', after)
  const receipt = await chain.getTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  expect(receipt.from).toBe(address.toLowerCase())
  return hash
}
