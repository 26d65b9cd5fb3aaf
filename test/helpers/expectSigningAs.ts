import { expect, type Page } from '@playwright/test'
import { type Address, type Hash, verifyMessage } from 'viem'

/** The playground is connected as `address`, and a message signed now verifies for it. */
export async function expectSigningAs(page: Page, address: Address) {
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(address)
  const message = `signed as ${address} at ${Date.now()}`
  await page.getByLabel('Message').fill(message)
  await page.getByRole('button', { name: 'Sign', exact: true }).click()
  // The signature shown may still be the previous message's until this one's arrives.
  await expect(page.getByTestId('signature')).toHaveAttribute(
    'data-message',
    message,
  )
  const signature = (await page.getByTestId('signature').textContent()) as Hash
  expect(await verifyMessage({ address, message, signature })).toBe(true)
}
