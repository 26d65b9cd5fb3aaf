import { expect } from '@playwright/test'
import { type Hash, verifyMessage } from 'viem'
import { startSandboxWallet } from '../../../sandbox/wallet/startSandboxWallet.js'
import { tally } from '../tally.js'
import { test } from './reliabilityTest.js'

test('the page reloaded while the wallet holds a signature request: the session survives, the late answer harms nothing, nothing is signed twice', async ({
  page,
  playground,
}) => {
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await page.goto('/')
  await page.getByRole('button', { name: 'Pair with WalletConnect' }).click()
  const uri = (await page.getByTestId('wc-uri').textContent())!.trim()
  const wallet = await startSandboxWallet({
    relayUrl: playground.sandbox.relay.url,
    rpcUrls: playground.sandbox.rpcUrls,
  })
  try {
    await wallet.pair(uri)
    await expect(page.getByTestId('status')).toHaveText('connected')

    // The user is still looking at the request in the wallet when the page reloads.
    wallet.requests = 'hold'
    const held = wallet.waitForRequest()
    await page.getByLabel('Message').fill('interrupted')
    await page.getByRole('button', { name: 'Sign', exact: true }).click()
    await held
    tally('fault', 'page reloaded during a WalletConnect request')
    await page.reload()
    await expect(page.getByTestId('status')).toHaveText('connected')
    await expect(page.getByTestId('address')).toHaveText(wallet.address)

    // The wallet answers the request of the page that is gone.
    await wallet.answerHeld()
    wallet.requests = 'answer'
    await page.getByLabel('Message').fill('after the reload')
    await page.getByRole('button', { name: 'Sign', exact: true }).click()
    const signature = (await page
      .getByTestId('signature')
      .textContent()) as Hash
    expect(
      await verifyMessage({
        address: wallet.address,
        message: 'after the reload',
        signature,
      }),
    ).toBe(true)
    await expect(page.getByTestId('status')).toHaveText('connected')
    expect(wallet.received.map((request) => request.method)).toEqual([
      'personal_sign',
      'personal_sign',
    ])
    expect(pageErrors).toEqual([])
  } finally {
    await wallet.stop()
  }
})
