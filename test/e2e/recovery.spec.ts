import { expect, type Page, test } from '@playwright/test'
import type { Address } from 'viem'
import type { Sandbox } from '../../sandbox/startSandbox.js'
import { expectSigningAs } from '../helpers/expectSigningAs.js'
import { expectAsDocumented, screenshot, tabTo } from '../helpers/panelSteps.js'
import { readInbox, signUp } from '../helpers/playgroundSteps.js'
import { advanceClock } from '../helpers/sandboxSwitches.js'
import { vendorRequests } from '../helpers/vendorRequests.js'
import { emailCount, lastEmail, vendorNow } from '../helpers/vendorUsers.js'
import { addVirtualAuthenticator } from '../helpers/virtualAuthenticator.js'

const vendor = JSON.parse(
  process.env.SANDBOX_VENDOR ?? 'null',
) as Sandbox['vendor']
const recoveryKey = 'wagmi.passkeyWallet.recovery'

/** A user signed up in the playground whose device is then lost: no passkey, nothing stored. */
async function userWhoLostTheirDevice(page: Page, name: string) {
  const email = `${name}-${Date.now()}@example.com`
  // The page's clock agrees with the vendor's, as a real device's does (within seconds).
  await page.clock.setSystemTime(await vendorNow(vendor))
  await page.goto('/')
  const authenticator = await addVirtualAuthenticator(page)
  const address = await signUp(page, name, email)
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await authenticator.clearCredentials()
  expect(await authenticator.credentials()).toEqual([])
  return { email, address, authenticator }
}

const panel = (page: Page) =>
  page.getByRole('region', { name: 'Recover your wallet' })
const status = (page: Page) => panel(page).getByRole('status')
const alert = (page: Page) => panel(page).getByRole('alert')

/** Asks for a code as the user does; the email the vendor sent for it. */
async function sendCode(page: Page, email: string, option: RegExp) {
  const after = await emailCount(vendor, email)
  await panel(page)
    .getByRole('textbox', { name: 'Email', exact: true })
    .fill(email)
  await panel(page).getByRole('radio', { name: option }).check()
  await panel(page).getByRole('button', { name: 'Send code' }).click()
  await expect(status(page)).toContainText(`We sent a code to ${email}`)
  return lastEmail(vendor, email, { after })
}

async function signInAndSign(page: Page, address: Address) {
  await panel(page)
    .getByRole('button', { name: 'Sign in with new passkey' })
    .click()
  await expectSigningAs(page, address)
}

test('email recovery with the keyboard only: new passkey, same address', async ({
  page,
}) => {
  const { email, address, authenticator } = await userWhoLostTheirDevice(
    page,
    'rita',
  )
  const requests = vendorRequests(page, vendor.url)
  await screenshot(panel(page), '1-email')
  await expectAsDocumented(panel(page), 'recovery-email')

  await tabTo(
    page,
    panel(page).getByRole('textbox', { name: 'Email', exact: true }),
  )
  const sentBefore = await emailCount(vendor, email)
  await page.keyboard.type(email)
  await page.keyboard.press('Tab') // the first option, "email code", is chosen
  await expect(
    panel(page).getByRole('radio', { name: /email code/ }),
  ).toBeChecked()
  await page.keyboard.press('Enter')
  await expect(status(page)).toContainText(`We sent a code to ${email}`)
  await expect(
    panel(page).getByText(/The code works for 1[45]:\d\d more/),
  ).toBeVisible()
  // The code field has focus: the user pastes and submits.
  await expect(panel(page).getByLabel('Code from the email')).toBeFocused()
  await screenshot(panel(page), '2-code')
  await expectAsDocumented(panel(page), 'recovery-code')
  const { secret } = await lastEmail(vendor, email, { after: sentBefore })
  await page.keyboard.insertText(secret)
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')

  await expect(status(page)).toHaveText(/Code accepted/)
  await expect(
    panel(page).getByText(/Recovery session ends in (30:00|29:\d\d)/),
  ).toBeVisible()
  const stored = await page.evaluate(
    (key) => localStorage.getItem(key),
    recoveryKey,
  )
  const state = JSON.parse(stored!)
  expect(Object.keys(state).sort()).toEqual([
    'createdAt',
    'sessionExpirationSeconds',
    'type',
    'userId',
  ])
  expect(state.type).toBe('email')
  // 1800 s, or a second less when the code's key was made in the previous second.
  expect(state.sessionExpirationSeconds).toBeGreaterThanOrEqual(1795)
  expect(state.sessionExpirationSeconds).toBeLessThanOrEqual(1800)
  expect(stored).not.toContain(secret)
  await screenshot(panel(page), '3-create-passkey')
  await expectAsDocumented(panel(page), 'recovery-passkey')
  await expect(
    panel(page).getByRole('button', { name: 'Create new passkey' }),
  ).toBeFocused()
  await page.keyboard.press('Enter')

  await expect(status(page)).toHaveText(/Passkey created/)
  expect(await authenticator.credentials()).toHaveLength(1)
  expect(
    await page.evaluate((key) => localStorage.getItem(key), recoveryKey),
  ).toBeNull()
  await screenshot(panel(page), '4-sign-in')
  await expectAsDocumented(panel(page), 'recovery-sign-in')
  expect(requests).toEqual([
    'query/whoami',
    'query/get_user',
    'submit/create_authenticators',
    'query/get_user',
    'submit/update_user',
  ])

  await expect(
    panel(page).getByRole('button', { name: 'Sign in with new passkey' }),
  ).toBeFocused()
  await page.keyboard.press('Enter')
  await expectSigningAs(page, address)
})

test('passkey recovery through the sandbox inbox: the lost passkey is replaced', async ({
  page,
}) => {
  const { email, address, authenticator } = await userWhoLostTheirDevice(
    page,
    'paul',
  )
  const requests = vendorRequests(page, vendor.url)
  await sendCode(page, email, /Recover my account/)

  // A person reads the code in the playground's sandbox inbox.
  const code = await readInbox(page, email)
  expect(code).toMatch(/^[1-9A-HJ-NP-Za-km-z]{100,}$/)
  await panel(page).getByLabel('Code from the email').fill(code)
  await panel(page).getByRole('button', { name: 'Continue' }).click()
  await expect(status(page)).toHaveText(/Code accepted/)
  // Passkey recovery has no session: nothing is stored.
  expect(
    await page.evaluate((key) => localStorage.getItem(key), recoveryKey),
  ).toBeNull()
  await panel(page).getByRole('button', { name: 'Create new passkey' }).click()
  await expect(status(page)).toHaveText(/Passkey created/)
  expect(await authenticator.credentials()).toHaveLength(1)
  // The code's key says whose it is, then signs recover_user alone: the account came from no one else.
  expect(requests).toEqual(['query/whoami', 'submit/recover_user'])
  await signInAndSign(page, address)
})

test('a recovery session older than 1800 s is gone after a reload', async ({
  page,
}) => {
  const { email } = await userWhoLostTheirDevice(page, 'ella')
  const { secret } = await sendCode(page, email, /email code/)
  await panel(page).getByLabel('Code from the email').fill(secret)
  await panel(page).getByRole('button', { name: 'Continue' }).click()
  await expect(status(page)).toHaveText(/Code accepted/)

  // Within 1800 s a reload keeps the state and says how to go on.
  await page.reload()
  await expect(status(page)).toHaveText(/A recovery was in progress/)
  expect(
    await page.evaluate((key) => localStorage.getItem(key), recoveryKey),
  ).not.toBeNull()

  // 1801 s later, as the page's clock sees it.
  await page.clock.install({ time: (await vendorNow(vendor)) + 1801_000 })
  await page.reload()
  await expect(status(page)).toHaveText(/Enter the email of your account/)
  expect(
    await page.evaluate((key) => localStorage.getItem(key), recoveryKey),
  ).toBeNull()
})

test('a tampered code and a code older than 900 s both say so, and a good code still works after', async ({
  page,
}) => {
  const { email, address } = await userWhoLostTheirDevice(page, 'tom')
  const { secret } = await sendCode(page, email, /email code/)
  const tampered = `${secret.slice(0, 20)}${secret[20] === 'a' ? 'b' : 'a'}${secret.slice(21)}`
  await panel(page).getByLabel('Code from the email').fill(tampered)
  await panel(page).getByRole('button', { name: 'Continue' }).click()
  await expect(alert(page)).toHaveText('The code is invalid or expired.')
  await screenshot(panel(page), '5-invalid-code')
  await expectAsDocumented(panel(page), 'recovery-code-refused')

  // The right code still works: nothing was lost by the bad one.
  await panel(page).getByLabel('Code from the email').fill(secret)
  await panel(page).getByRole('button', { name: 'Continue' }).click()
  await expect(status(page)).toHaveText(/Code accepted/)
  await expect(alert(page)).toHaveText('')
  await panel(page).getByRole('button', { name: 'Create new passkey' }).click()
  await signInAndSign(page, address)
  await page.getByRole('button', { name: 'Disconnect' }).click()

  // A new code, then 901 s pass at the vendor before it is used.
  const late = await sendCode(page, email, /Recover my account/)
  await advanceClock(vendor.url, 901_000)
  await panel(page).getByLabel('Code from the email').fill(late.secret)
  await panel(page).getByRole('button', { name: 'Continue' }).click()
  // The code's key is asked whose it is: the vendor refuses a key past its life there,
  // before any passkey prompt.
  await expect(alert(page)).toHaveText('The code is invalid or expired.')
  await expect(status(page)).not.toHaveText(/Code accepted/)
  await expect(
    panel(page).getByRole('button', { name: 'Create new passkey' }),
  ).toHaveCount(0)
})

test('the recovery code’s key never passes through the host page: its WebCrypto sees no key import, no HPKE, no code', async ({
  page,
}) => {
  // Every call the host page (not the frame) makes to crypto.subtle, recorded from the first script on.
  await page.addInitScript(() => {
    if (window !== window.top) return
    const seen: { method: string; args: string }[] = []
    ;(window as unknown as { subtleCalls: typeof seen }).subtleCalls = seen
    const subtle = crypto.subtle
    for (const method of [
      'importKey',
      'deriveBits',
      'deriveKey',
      'decrypt',
      'unwrapKey',
      'exportKey',
      'digest',
    ] as const) {
      const original = subtle[method].bind(subtle) as (
        ...args: unknown[]
      ) => unknown
      ;(subtle as unknown as Record<string, unknown>)[method] = (
        ...args: unknown[]
      ) => {
        seen.push({
          method,
          args: args
            .map((arg) =>
              arg instanceof ArrayBuffer || ArrayBuffer.isView(arg)
                ? `bytes(${(arg as ArrayBuffer).byteLength})`
                : (JSON.stringify(arg) ?? String(arg)),
            )
            .join(', '),
        })
        return original(...args)
      }
    }
  })
  const { email } = await userWhoLostTheirDevice(page, 'ada')
  const before = await page.evaluate(
    () => (window as unknown as { subtleCalls: unknown[] }).subtleCalls.length,
  )
  const { secret } = await sendCode(page, email, /email code/)
  await panel(page).getByLabel('Code from the email').fill(secret)
  await panel(page).getByRole('button', { name: 'Continue' }).click()
  await expect(status(page)).toHaveText(/Code accepted/)
  await panel(page).getByRole('button', { name: 'Create new passkey' }).click()
  await expect(status(page)).toHaveText(/Passkey created/)

  const calls = await page.evaluate(
    (from) =>
      (
        window as unknown as { subtleCalls: { method: string; args: string }[] }
      ).subtleCalls.slice(from),
    before,
  )
  // Decrypting the code (HPKE: ECDH deriveBits, AES-GCM decrypt) and importing its key happen in the frame.
  expect(
    calls.filter((call) =>
      ['importKey', 'deriveBits', 'deriveKey', 'decrypt', 'unwrapKey'].includes(
        call.method,
      ),
    ),
  ).toEqual([])
  expect(calls.some((call) => call.args.includes(secret))).toBe(false)
  // The hook is live: a call made now is recorded.
  await page.evaluate(() => crypto.subtle.digest('SHA-256', new Uint8Array(1)))
  expect(
    await page.evaluate(
      () =>
        (
          window as unknown as { subtleCalls: { method: string }[] }
        ).subtleCalls.at(-1)?.method,
    ),
  ).toBe('digest')
  // The frame that held the key is gone once the passkey is added.
  await expect(page.locator('iframe[title="Account recovery"]')).toHaveCount(0)
})
