import { expect, type Page } from '@playwright/test'
import { test } from '../../helpers/ownPlayground.js'
import { playgroundAlert } from '../../helpers/playgroundSteps.js'
import { tally } from '../../helpers/reliabilityTally.js'
import { vendorSwitches } from '../../helpers/vendorSwitches.js'
import { addVirtualAuthenticator } from '../../helpers/virtualAuthenticator.js'

/** Every request the page itself sends to the vendor, from now on. */
function vendorRequestsOf(page: Page, vendorUrl: string) {
  const urls: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(vendorUrl)) urls.push(request.url())
  })
  return urls
}

async function startSignUp(page: Page, userName: string) {
  await page.getByLabel('User name').fill(userName)
  await page.getByRole('button', { name: 'Create passkey wallet' }).click()
}

const backendFailed =
  "The app's server could not create the account. Please try again."

test('the host backend fails sign-up (its vendor call answers 500): the page names the backend, sends the vendor nothing, and the new passkey leaves the list', async ({
  page,
  playground,
}) => {
  const vendor = vendorSwitches(playground.sandbox.vendor)
  await page.goto('/')
  const authenticator = await addVirtualAuthenticator(page)
  const fromPage = vendorRequestsOf(page, playground.sandbox.vendor.url)
  await vendor.arm('/public/v1/submit/create_sub_organization', 'http500')
  const accountAnswered = page.waitForResponse('**/api/create-account')
  await startSignUp(page, 'backend-down')
  expect((await accountAnswered).status()).toBe(502)

  await expect(playgroundAlert(page)).toContainText(backendFailed)
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  expect(fromPage).toEqual([])
  // signalUnknownCredential: the browser drops the passkey that points at no account.
  await expect.poll(() => authenticator.credentials()).toEqual([])
  // The playground (and its vendor) may be shared with other files' tests: only this user's accounts count.
  expect(
    (
      await vendor.activities('ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8')
    ).filter((activity) =>
      JSON.stringify(activity.intent).includes('backend-down'),
    ),
  ).toEqual([])
  tally('fault', 'host backend failed sign-up')
})

test('a host backend that answers sign-up without a subOrganizationId: the same typed error, no vendor request', async ({
  page,
  playground,
}) => {
  await page.goto('/')
  const authenticator = await addVirtualAuthenticator(page)
  const fromPage = vendorRequestsOf(page, playground.sandbox.vendor.url)
  // A backend of the wrong shape: 200 with an empty object.
  await page.route('**/api/create-account', (route) =>
    route.fulfill({ json: {} }),
  )
  await startSignUp(page, 'backend-wrong-shape')

  await expect(playgroundAlert(page)).toContainText(backendFailed)
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  expect(fromPage).toEqual([])
  await expect.poll(() => authenticator.credentials()).toEqual([])
  tally('fault', 'host backend answered sign-up without an id')
})

test('the host backend fails to start a recovery (HTTP 500): the panel says so and never that a code was sent', async ({
  page,
}) => {
  // Recovery start answers the same whatever the vendor does: here the host's server itself fails.
  await page.route('**/api/start-recovery', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 'internal_error',
        message: 'The server failed unexpectedly; its log says why.',
      }),
    }),
  )
  await page.goto('/')
  const recovery = page.getByRole('region', { name: 'Recover your wallet' })
  await recovery
    .getByRole('textbox', { name: 'Email', exact: true })
    .fill('down@example.com')
  await recovery.getByRole('radio', { name: /email code/ }).check()
  const answered = page.waitForResponse('**/api/start-recovery')
  await recovery.getByRole('button', { name: 'Send code' }).click()
  expect((await answered).status()).toBe(500)

  await expect(recovery.getByRole('alert')).toContainText(
    "The app's server could not send the code. Please try again.",
  )
  await expect(recovery).not.toContainText('We sent a code')
  await expect(
    recovery.getByRole('button', { name: 'Send code' }),
  ).toBeVisible()
  tally('fault', 'host backend failed to start a recovery')
})
