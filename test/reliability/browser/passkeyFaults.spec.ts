import { expect, type Page } from '@playwright/test'
import { type Address, verifyMessage } from 'viem'
import { test } from '../../helpers/ownPlayground.js'
import { signatureOf } from '../../helpers/playgroundSignature.js'
import {
  clickSign,
  playgroundAlert,
  sign,
  signUpFresh,
} from '../../helpers/playgroundSteps.js'
import { tally } from '../../helpers/reliabilityTally.js'
import { fundFromFaucet } from '../../helpers/sandboxTools.js'
import { vendorSwitches } from '../../helpers/vendorSwitches.js'

const signPath = '/public/v1/submit/sign_raw_payload'
// With the session key, the vendor sends each transaction (eth_send_transaction).
const sendTransactionType = 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2'
/** The wallet is still connected to the same account, and signs again at once. */
async function expectStillWorking(
  page: Page,
  address: Address,
  message: string,
) {
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(address)
  const signature = await sign(page, message)
  expect(await verifyMessage({ address, message, signature })).toBe(true)
}

const vendorFaults = [
  {
    fault: 'http500',
    shows: 'Internal Server Error',
    activities: [],
  },
  {
    fault: 'http429',
    shows: 'Too many requests. Please wait and try again in a few seconds',
    activities: [],
  },
  {
    fault: 'consensus',
    shows: /needs the approval|consensus/i,
    activities: ['ACTIVITY_STATUS_CONSENSUS_NEEDED'],
  },
  {
    fault: 'failed',
    shows: 'Expected COMPLETED status',
    activities: ['ACTIVITY_STATUS_FAILED'],
  },
  {
    fault: 'pending',
    shows: 'Expected COMPLETED status',
    activities: ['ACTIVITY_STATUS_PENDING'],
  },
] as const

for (const { fault, shows, activities } of vendorFaults)
  test(`vendor ${fault} on a signature: the user sees why, stays connected, and the retry signs once`, async ({
    page,
    playground,
  }) => {
    const vendor = vendorSwitches(playground.sandbox.vendor)
    const { address } = await signUpFresh(page, `fault-${fault}`)
    const message = `fault ${fault} ${Date.now()}`
    await vendor.arm(signPath, fault)
    await clickSign(page, message)
    await expect(playgroundAlert(page)).toHaveText(shows)
    expect(await vendor.signaturesOf(message)).toEqual(activities)

    await expectStillWorking(page, address, message)
    expect(
      (await vendor.signaturesOf(message)).filter(
        (status) => status === 'ACTIVITY_STATUS_COMPLETED',
      ),
    ).toHaveLength(1)
    tally('fault', `vendor ${fault} on submit/sign_raw_payload (signature)`)
  })

test('a slow vendor: the signature arrives late, once', async ({
  page,
  playground,
}) => {
  const vendor = vendorSwitches(playground.sandbox.vendor)
  const { address } = await signUpFresh(page, 'slow')
  const message = `slow ${Date.now()}`
  await vendor.arm(signPath, 'delay', { delayMs: 3000 })
  const startedAt = Date.now()
  const signature = await sign(page, message)
  expect(Date.now() - startedAt).toBeGreaterThanOrEqual(3000)
  expect(await verifyMessage({ address, message, signature })).toBe(true)
  expect(await vendor.signaturesOf(message)).toEqual([
    'ACTIVITY_STATUS_COMPLETED',
  ])
  await expect(page.getByTestId('status')).toHaveText('connected')
  tally('fault', 'vendor slow (3 s) on submit/sign_raw_payload (signature)')
})

test('the browser offline and back: the signature waits for the network, then completes once', async ({
  page,
  context,
  playground,
}) => {
  const vendor = vendorSwitches(playground.sandbox.vendor)
  const { address } = await signUpFresh(page, 'offline')
  const message = `offline ${Date.now()}`
  await context.setOffline(true)
  await clickSign(page, message)
  // wagmi's mutation waits for the network instead of failing.
  await expect(
    page.getByRole('button', { name: 'Sign', exact: true }),
  ).toBeDisabled()
  expect(await vendor.signaturesOf(message)).toEqual([])
  await context.setOffline(false)
  const signature = await signatureOf(page, message)
  expect(await verifyMessage({ address, message, signature })).toBe(true)
  expect(await vendor.signaturesOf(message)).toEqual([
    'ACTIVITY_STATUS_COMPLETED',
  ])
  await expect(page.getByTestId('status')).toHaveText('connected')
  tally('fault', 'browser offline during a passkey signature')
})

test('the chain node crashes before a send: nothing is sent; after its restart the send confirms once', async ({
  page,
  playground,
}) => {
  const { address } = await signUpFresh(page, 'chain-crash')
  await fundFromFaucet(page)
  await expect(page.getByTestId('eth-balance')).toHaveText('1')
  const vendor = vendorSwitches(playground.sandbox.vendor)
  const transactionsSent = async () =>
    (await vendor.activities(sendTransactionType)).length
  const sentBefore = await transactionsSent()
  const anvil = playground.sandbox.anvils[1]!
  await anvil.crash()
  try {
    await page.getByLabel('ETH amount').fill('0.1')
    await page.getByRole('button', { name: 'Send ETH' }).click()
    // The send's own line: the balances, polling the same node, may say so too.
    const sendEth = page.locator('section', {
      has: page.getByRole('heading', { name: 'Send ETH' }),
    })
    await expect(sendEth.locator('p.error[role=alert]')).toHaveText(
      'the chain is unreachable: nothing was sent; try again',
    )
    await expect(page.getByTestId('status')).toHaveText('connected')
    expect(await transactionsSent()).toBe(sentBefore)
  } finally {
    await anvil.restart()
  }
  await page.getByRole('button', { name: 'Send ETH' }).click()
  await expect(page.getByTestId('eth-tx-confirmed')).toContainText(
    'Confirmed in block',
  )
  await expect(page.getByTestId('eth-balance')).toHaveText(/^0\.8999/)
  expect(await transactionsSent()).toBe(sentBefore + 1)
  await expect(page.getByTestId('address')).toHaveText(address)
  tally('fault', 'anvil crashed before a send')
})
