import { expect } from '@playwright/test'
import { verifyMessage } from 'viem'
import { test } from '../../helpers/ownPlayground.js'
import {
  clickSign,
  pairSandboxWallet,
  sign,
} from '../../helpers/playgroundSteps.js'
import { tally } from '../../helpers/reliabilityTally.js'

test('the page reloaded while the wallet holds a signature request: the session survives, the late answer harms nothing, nothing is signed twice', async ({
  page,
  playground,
}) => {
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await page.goto('/')
  const wallet = await pairSandboxWallet(page, playground)
  try {
    // The user is still looking at the request in the wallet when the page reloads.
    wallet.requests = 'hold'
    const held = wallet.waitForRequest()
    await clickSign(page, 'interrupted')
    await held
    await page.reload()
    await expect(page.getByTestId('status')).toHaveText('connected')
    await expect(page.getByTestId('address')).toHaveText(wallet.address)

    // The wallet answers the request of the page that is gone.
    await wallet.answerHeld()
    wallet.requests = 'answer'
    const signature = await sign(page, 'after the reload')
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
    tally('fault', 'page reloaded during a WalletConnect request')
  } finally {
    await wallet.stop()
  }
})
