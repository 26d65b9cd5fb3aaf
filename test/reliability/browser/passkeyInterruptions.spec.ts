import { expect, type Page } from '@playwright/test'
import { type Address, verifyMessage } from 'viem'
import { test } from '../../helpers/ownPlayground.js'
import {
  clickSign,
  playgroundAlert,
  sign,
  signUp,
} from '../../helpers/playgroundSteps.js'
import { tally } from '../../helpers/reliabilityTally.js'
import { vendorSwitches } from '../../helpers/vendorSwitches.js'
import { emailCount, lastEmail } from '../../helpers/vendorUsers.js'
import { addVirtualAuthenticator } from '../../helpers/virtualAuthenticator.js'

const passkeyTimeoutMs = 300_000

/** The `timeout` of every WebAuthn ceremony the page starts, recorded on the way to the browser. */
async function recordCeremonyTimeouts(page: Page) {
  await page.addInitScript(() => {
    const timeouts: (number | undefined)[] = []
    ;(
      window as unknown as { ceremonyTimeouts: typeof timeouts }
    ).ceremonyTimeouts = timeouts
    for (const name of ['create', 'get'] as const) {
      const original = navigator.credentials[name].bind(navigator.credentials)
      navigator.credentials[name] = (options?: CredentialCreationOptions) => {
        timeouts.push(options?.publicKey?.timeout)
        return original(options as never)
      }
    }
  })
  return () =>
    page.evaluate(
      () =>
        (window as unknown as { ceremonyTimeouts: number[] }).ceremonyTimeouts,
    )
}

test('a passkey prompt the user cancels: a rejection, nothing signed, the next prompt signs once', async ({
  page,
  playground,
}) => {
  const vendor = vendorSwitches(playground.sandbox.vendor)
  const timeouts = await recordCeremonyTimeouts(page)
  // Every signature asks for the passkey.
  await page.goto('/?session=off')
  const authenticator = await addVirtualAuthenticator(page)
  const address = await signUp(page, 'cancels')

  const message = `cancelled ${Date.now()}`
  // The user fails or dismisses verification: Chrome ends the ceremony as it does on a timeout.
  await authenticator.setUserVerified(false)
  await clickSign(page, message)
  await expect(playgroundAlert(page)).toContainText(/rejected/i)
  await expect(page.getByTestId('status')).toHaveText('connected')
  expect(await vendor.signaturesOf(message)).toEqual([])

  await authenticator.setUserVerified(true)
  const signature = await sign(page, message)
  expect(await verifyMessage({ address, message, signature })).toBe(true)
  expect(await vendor.signaturesOf(message)).toEqual([
    'ACTIVITY_STATUS_COMPLETED',
  ])
  // The browser gives up on a prompt after the pack's 300000 ms, with the same rejection.
  const asked = await timeouts()
  expect(asked.length).toBeGreaterThanOrEqual(3)
  expect(new Set(asked)).toEqual(new Set([passkeyTimeoutMs]))
  tally('fault', 'passkey prompt cancelled')
})

test('the page reloaded in the middle of sign-up: nothing half-stored, and the passkey logs in to the account made', async ({
  page,
  playground,
}) => {
  const vendor = vendorSwitches(playground.sandbox.vendor)
  await page.goto('/')
  const authenticator = await addVirtualAuthenticator(page)
  // The host backend's call to the vendor is slow, so the reload lands while it runs.
  await vendor.arm('/public/v1/submit/create_sub_organization', 'delay', {
    delayMs: 2000,
  })
  const accountRequested = page.waitForRequest('**/api/create-account')
  await page.getByLabel('User name').fill('reloads')
  await page.getByRole('button', { name: 'Create passkey wallet' }).click()
  await accountRequested
  await page.reload()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.includes('passkeyWallet')),
    ),
  ).toEqual([])
  // The sign-up request died with the page, unanswered: the account may still be made, so the
  // passkey (its only way in) stays in the browser's list.
  expect(await authenticator.credentials()).toHaveLength(1)

  // The backend finished after the reload: the account exists and the passkey reaches it.
  const accountsMade = async () =>
    (await vendor.activities('ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8'))
      .filter((activity) => JSON.stringify(activity.intent).includes('reloads'))
      .map((activity) => ({
        status: activity.status,
        addresses: (
          activity.result.createSubOrganizationResultV8?.wallet as
            | { addresses: Address[] }
            | undefined
        )?.addresses,
      }))
  await expect
    .poll(async () => (await accountsMade()).map(({ status }) => status))
    .toEqual(['ACTIVITY_STATUS_COMPLETED'])
  const [made] = await accountsMade()
  await page.getByRole('button', { name: 'Log in with passkey' }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(made!.addresses![0]!)
  expect(await authenticator.credentials()).toHaveLength(1)
  tally('fault', 'page reloaded during sign-up')
})

test('the page reloaded in the middle of email recovery: the code sent before is refused, a new one recovers the same wallet', async ({
  page,
  playground,
}) => {
  const email = `reloads-recovery-${Date.now()}@example.com`
  await page.goto('/')
  const authenticator = await addVirtualAuthenticator(page)
  const address = await signUp(page, 'reloads-recovery', email)
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await authenticator.clearCredentials()

  const panel = page.getByRole('region', { name: 'Recover your wallet' })
  const code = panel.getByLabel('Code from the email')
  const sendCode = async () => {
    const after = await emailCount(playground.sandbox.vendor, email)
    await panel.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
    await panel.getByRole('button', { name: 'Send code' }).click()
    await expect(panel.getByRole('status')).toContainText(
      `We sent a code to ${email}`,
    )
    return (await lastEmail(playground.sandbox.vendor, email, { after })).secret
  }
  const submit = async (secret: string) => {
    await code.fill(secret)
    await panel.getByRole('button', { name: 'Continue' }).click()
  }

  // Reloaded while the email is on its way: its code was for the page that is gone.
  const firstCode = await sendCode()
  await page.reload()
  await expect(panel.getByRole('status')).toHaveText(
    'Enter the email of your account and we will send you a code.',
  )
  const secondCode = await sendCode()
  expect(secondCode).not.toBe(firstCode)
  await submit(firstCode)
  await expect(panel.getByRole('alert')).toHaveText(
    'The code is invalid or expired.',
  )

  // Reloaded after the code was accepted: the panel says what happened.
  await submit(secondCode)
  await expect(panel.getByRole('status')).toHaveText(/Code accepted/)
  await page.reload()
  await expect(panel.getByRole('status')).toHaveText(
    /A recovery was in progress when this page was reloaded/,
  )
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await submit(await sendCode())
  await expect(panel.getByRole('status')).toHaveText(/Code accepted/)
  await panel.getByRole('button', { name: 'Create new passkey' }).click()
  await panel.getByRole('button', { name: 'Sign in with new passkey' }).click()
  await expect(page.getByTestId('address')).toHaveText(address)
  expect(await authenticator.credentials()).toHaveLength(1)
  const message = `recovered after reloads ${Date.now()}`
  const signature = await sign(page, message)
  expect(await verifyMessage({ address, message, signature })).toBe(true)
  // Both reloads are checked only by the end: the same wallet, one new passkey, a signature.
  tally('fault', 'page reloaded during recovery, code sent')
  tally('fault', 'page reloaded during recovery, code accepted')
})
