import { expect, type Page } from '@playwright/test'
import type { Playground } from '../../../playground/startPlayground.js'
import { test } from '../../helpers/ownPlayground.js'
import { playgroundAlert } from '../../helpers/playgroundSteps.js'
import { tally } from '../../helpers/reliabilityTally.js'
import { armFault, clearFaults } from '../../helpers/sandboxSwitches.js'
import { vendorSwitches } from '../../helpers/vendorSwitches.js'
import { addVirtualAuthenticator } from '../../helpers/virtualAuthenticator.js'

/*
 * The playground with no backend (`?backend=proxy`) when the vendor's Auth
 * Proxy fails: the user reads what happened, nothing is stored, no account is
 * half-made, and a passkey made for an account that was refused leaves the
 * browser's list (as with a host backend that answered without an account).
 */

/** The next request to the proxy's `endpoint` meets `fault`. */
const armProxyFault = (
  playground: Playground,
  endpoint: string,
  fault: 'http500' | 'http429',
) => armFault(playground.sandbox.authProxy.url, `/v1/${endpoint}`, fault)

/** What the connector keeps in the page's storage. */
const storedByConnector = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.includes('passkeyWallet')),
  )

test.afterEach(async ({ playground }) => {
  await clearFaults(playground.sandbox.authProxy.url)
})

test.describe('sign-up through the Auth Proxy fails', () => {
  for (const [fault, sentence] of [
    ['http500', 'The sign-in service failed. Please try again.'],
    ['http429', 'Too many requests. Please wait a few seconds and try again.'],
  ] as const)
    test(`${fault} on signup: the page says so, stores nothing, makes no account, and the new passkey leaves the list`, async ({
      page,
      playground,
    }) => {
      const userName = `proxy-${fault}-${Date.now()}`
      await page.goto('/?backend=proxy')
      const authenticator = await addVirtualAuthenticator(page)
      const fromPage: string[] = []
      page.on('request', (request) => {
        if (request.url().startsWith(playground.sandbox.vendor.url))
          fromPage.push(request.url())
      })
      await armProxyFault(playground, 'signup', fault)
      await page.getByLabel('User name').fill(userName)
      await page.getByRole('button', { name: 'Create passkey wallet' }).click()

      await expect(playgroundAlert(page)).toContainText(sentence)
      await expect(page.getByTestId('status')).toHaveText('disconnected')
      expect(fromPage).toEqual([])
      expect(await storedByConnector(page)).toEqual([])
      // signalUnknownCredential: the proxy answered, so the passkey points at no account.
      await expect.poll(() => authenticator.credentials()).toEqual([])
      const made = await vendorSwitches(playground.sandbox.vendor).activities(
        'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
      )
      expect(
        made.filter((activity) =>
          JSON.stringify(activity.intent).includes(userName),
        ),
      ).toEqual([])

      // Well again: the same click signs up.
      await page.getByRole('button', { name: 'Create passkey wallet' }).click()
      await expect(page.getByTestId('status')).toHaveText('connected')
      tally('fault', `Auth Proxy ${fault} on signup (browser)`)
    })
})

test('the Auth Proxy answers 429 to "Send code": the panel says to wait, stays on the email step, and the next try sends a code', async ({
  page,
  playground,
}) => {
  const email = `panel-429-${Date.now()}@example.com`
  await page.goto('/?backend=proxy')
  const panel = page.getByRole('region', { name: 'Recover your wallet' })
  await armProxyFault(playground, 'otp_init', 'http429')
  await panel.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await panel.getByRole('button', { name: 'Send code' }).click()
  await expect(panel.getByRole('alert')).toHaveText(
    'Too many requests. Please wait a few seconds and try again.',
  )
  await expect(panel.getByRole('status')).not.toContainText('We sent a code')
  expect(await storedByConnector(page)).toEqual([])

  await panel.getByRole('button', { name: 'Send code' }).click()
  await expect(panel.getByRole('status')).toContainText(
    `We sent a code to ${email}`,
  )
  await expect(panel.getByRole('alert')).toHaveText('')
  tally('fault', 'Auth Proxy http429 on otp_init (panel)')
})
