import { expect, type Page } from '@playwright/test'
import type { Hash } from 'viem'

/** Waits until the page shows the transaction confirmed (3 blocks), and returns its hash. */
export async function confirmedTransaction(
  page: Page,
  testId: 'eth-tx' | 'token-tx',
): Promise<Hash> {
  await expect(page.getByTestId(`${testId}-confirmed`)).toContainText(
    'Confirmed in block',
  )
  return /0x[0-9a-f]{64}/.exec(
    (await page.getByTestId(testId).textContent()) ?? '',
  )![0] as Hash
}
