import { expect } from '@playwright/test'
import { verifyMessage } from 'viem'
import { playgroundAlert, sign, signUp } from '../../helpers/playgroundSteps.js'
import { vendorSwitches } from '../../helpers/vendorSwitches.js'
import { addVirtualAuthenticator } from '../../helpers/virtualAuthenticator.js'
import { tally } from '../tally.js'
import { readHostStorage } from './hostStorage.js'
import { test as shared } from './reliabilityTest.js'

/**
 * This file moves the vendor's clock forward, for good: a worker-scoped
 * fixture of its own gives it a worker, and so a playground, of its own
 * (Playwright shares a worker between files whose worker fixtures match).
 */
const test = shared.extend<object, { vendorClockMoves: true }>({
  vendorClockMoves: [true, { scope: 'worker' }],
})

const signPath = '/public/v1/submit/sign_raw_payload'
// passkeyWallet's default session (docs/passkey.md): 900 s.
const sessionSeconds = 900

test('the vendor refuses the session key as expired mid-session (401 expired api key): the passkey signs instead, once, and the dead key is forgotten', async ({
  page,
  playground,
}) => {
  const vendor = vendorSwitches(playground.sandbox.vendor)
  const warnings: string[] = []
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text())
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  /** The page's signing requests to the vendor, by HTTP status. */
  const signingAnswers: number[] = []
  page.on('response', (response) => {
    if (response.url() === `${playground.sandbox.vendor.url}${signPath}`)
      signingAnswers.push(response.status())
  })

  await page.goto('/')
  const authenticator = await addVirtualAuthenticator(page)
  const address = await signUp(page, 'session-expires')
  const prompts = async () => (await authenticator.credentials())[0]!.signCount
  const promptsAtStart = await prompts()

  // The session key signs without a prompt.
  const before = `before the key expired ${Date.now()}`
  expect(
    await verifyMessage({
      address,
      message: before,
      signature: await sign(page, before),
    }),
  ).toBe(true)
  expect(await prompts()).toBe(promptsAtStart)
  expect(signingAnswers).toEqual([200])

  // The vendor's clock passes the key's expiry; the page's does not, so the page still sends the key.
  await vendor.advanceClock((sessionSeconds + 60) * 1000)
  const message = `after the key expired ${Date.now()}`
  const signature = await sign(page, message)

  // What the user sees: the signature, after one passkey prompt, and no error.
  expect(await verifyMessage({ address, message, signature })).toBe(true)
  expect(await prompts()).toBe(promptsAtStart + 1)
  await expect(playgroundAlert(page)).toHaveCount(0)
  // wagmi: still connected to the same account.
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(address)
  // The vendor refused the key once and signed the message once (the refusal made no activity).
  expect(signingAnswers).toEqual([200, 401, 200])
  expect(await vendor.signaturesOf(message)).toEqual([
    'ACTIVITY_STATUS_COMPLETED',
  ])
  // An expired API key is an everyday failure: a warning, not an error.
  expect(warnings.join('\n')).toContain('expired api key')
  expect(errors.filter((text) => /expired api key/i.test(text))).toEqual([])

  // The dead key is forgotten: gone from IndexedDB, and the next signature goes to the passkey at once.
  expect(
    (await readHostStorage(page)).filter((entry) =>
      entry.value.includes('"cryptoKey":"private"'),
    ),
  ).toEqual([])
  const next = `the next signature ${Date.now()}`
  expect(
    await verifyMessage({
      address,
      message: next,
      signature: await sign(page, next),
    }),
  ).toBe(true)
  expect(await prompts()).toBe(promptsAtStart + 2)
  expect(signingAnswers).toEqual([200, 401, 200, 200])
  expect(await vendor.signaturesOf(next)).toEqual(['ACTIVITY_STATUS_COMPLETED'])
  tally('fault', 'vendor 401 expired api key for the session key mid-session')
})
