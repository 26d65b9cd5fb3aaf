import { expect, type Page } from '@playwright/test'
import type { Hash } from 'viem'

/** The signature the playground shows for `message`, once it is there. */
export async function signatureOf(page: Page, message: string) {
  // The signature shown may still be the previous message's until this one's arrives.
  await expect(page.getByTestId('signature')).toHaveAttribute(
    'data-message',
    message,
  )
  return (await page.getByTestId('signature').textContent()) as Hash
}

/** Signs `message` with the playground's Sign message form; the signature it shows. */
export async function signInPlayground(page: Page, message: string) {
  await page.getByLabel('Message').fill(message)
  await page.getByRole('button', { name: 'Sign', exact: true }).click()
  return signatureOf(page, message)
}
