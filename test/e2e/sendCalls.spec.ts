import { expect, test } from '@playwright/test'
import { type Hash, parseAbiItem, parseEventLogs } from 'viem'
import { playgroundScreenshot } from '../helpers/playgroundScreenshot.js'
import { signUp } from '../helpers/playgroundSteps.js'
import { fundFromFaucet } from '../helpers/sandboxTools.js'
import { addVirtualAuthenticator } from '../helpers/virtualAuthenticator.js'
import { sandboxClients } from './sandboxClients.js'

const tokenEvents = [
  parseAbiItem(
    'event Approval(address indexed owner, address indexed spender, uint256 value)',
  ),
  parseAbiItem(
    'event Transfer(address indexed from, address indexed to, uint256 value)',
  ),
]

test('passkeyWallet through wagmi’s useCapabilities, useSendCalls and useWaitForCallsStatus: approve + transfer in one transaction, then sponsored on Base', async ({
  page,
}) => {
  await page.goto('/')
  await addVirtualAuthenticator(page)
  const address = await signUp(page, 'calls')
  const clients = sandboxClients()
  await fundFromFaucet(page)
  await expect(page.getByTestId('token-balance')).toHaveText('100')
  const card = page.locator('section', {
    has: page.getByRole('heading', { name: 'Send calls (EIP-5792)' }),
  })
  await page
    .getByRole('button', { name: 'Ask the wallet what it can do' })
    .click()
  const capabilities = page.getByTestId('calls-capabilities')
  await expect(capabilities).toContainText(
    'in one confirmation, all or nothing',
  )
  await expect(capabilities).toContainText('the app can pay the fee')

  await page.getByLabel('Batch amount').fill('4')
  await page
    .getByRole('button', { name: 'Approve and transfer in one' })
    .click()
  const tx = page.getByTestId('calls-tx')
  await expect(tx).toHaveText(/^0x[0-9a-f]{64}$/)
  const paid = await clients[1].getTransactionReceipt({
    hash: (await tx.textContent()) as Hash,
  })
  // One transaction, from the user (who paid), carrying both calls.
  expect(paid.status).toBe('success')
  expect(paid.from.toLowerCase()).toBe(address.toLowerCase())
  expect(
    parseEventLogs({ abi: tokenEvents, logs: paid.logs }).map(
      (log) => log.eventName,
    ),
  ).toEqual(['Approval', 'Transfer'])
  await expect(page.getByTestId('token-balance')).toHaveText('96')

  await page.getByRole('button', { name: 'Base (8453)' }).click()
  await expect(page.getByTestId('chain')).toHaveText('Base (8453)')
  await expect(page.getByTestId('eth-balance')).toHaveText('1')
  await expect(page.getByTestId('token-balance')).toHaveText('100')
  await page.getByLabel('The app pays the fee (sponsored)').check()
  await page
    .getByRole('button', { name: 'Approve and transfer in one' })
    .click()
  await expect(tx).toHaveText(/^0x[0-9a-f]{64}$/)
  const sponsored = await clients[8453].getTransactionReceipt({
    hash: (await tx.textContent()) as Hash,
  })
  // The Gas Station's sponsor sent it: the user's ETH is untouched.
  expect(sponsored.status).toBe('success')
  expect(sponsored.from.toLowerCase()).not.toBe(address.toLowerCase())
  await expect(page.getByTestId('token-balance')).toHaveText('96')
  expect(
    await clients[8453].getBalance({ address: address as `0x${string}` }),
  ).toBe(10n ** 18n)
  await playgroundScreenshot(card, 'send-calls')
})
