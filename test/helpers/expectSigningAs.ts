import { expect, type Page } from '@playwright/test'
import { type Address, verifyMessage } from 'viem'
import { signInPlayground } from './playgroundSignature.js'

/** The playground is connected as `address`, and a message signed now verifies for it. */
export async function expectSigningAs(page: Page, address: Address) {
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(address)
  const message = `signed as ${address} at ${Date.now()}`
  const signature = await signInPlayground(page, message)
  expect(await verifyMessage({ address, message, signature })).toBe(true)
}
