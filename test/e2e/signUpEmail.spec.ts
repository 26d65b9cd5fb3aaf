import { expect, test } from '@playwright/test'
import {
  enterSignUpEmailCode,
  readInbox,
  signUp,
  signUpSection,
} from '../helpers/playgroundSteps.js'
import { addVirtualAuthenticator } from '../helpers/virtualAuthenticator.js'

/*
 * The sign-up's email step in the playground, as a person meets it: the
 * email is kept only once its code is typed back, a wrong code says so, and
 * an address that already has an account is told to recover instead, before
 * any passkey is made.
 */

test('an email is kept only with its code: a wrong code says so, and no passkey is made until it is confirmed', async ({
  page,
}) => {
  const email = `proved-${Date.now()}@example.com`
  await page.goto('/')
  const authenticator = await addVirtualAuthenticator(page)
  const section = signUpSection(page)
  await section.getByLabel('Email (optional)').fill(email)
  const create = section.getByRole('button', { name: 'Create passkey wallet' })
  // Without the code, the sign-up cannot go ahead with the email.
  await expect(create).toBeDisabled()
  await section.getByRole('button', { name: 'Email me a code' }).click()
  await expect(section.getByRole('status')).toHaveText(
    `We sent a code to ${email}.`,
  )
  const code = await readInbox(page, email)
  expect(code).toMatch(/^\d{6}$/)
  await section
    .getByLabel('Email code')
    .fill(code === '000000' ? '111111' : '000000')
  await section.getByRole('button', { name: 'Confirm email' }).click()
  await expect(section.getByRole('alert')).toHaveText(
    'The code is invalid or expired.',
  )
  expect(await authenticator.credentials()).toEqual([])

  await section.getByLabel('Email code').fill(code)
  await section.getByRole('button', { name: 'Confirm email' }).click()
  await expect(section.getByRole('status')).toHaveText(
    `Email confirmed: ${email}`,
  )
  await create.click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  expect(await authenticator.credentials()).toHaveLength(1)
})

test('an email that already has an account: after its code, the page says to recover it, and no second passkey is made', async ({
  page,
}) => {
  const email = `taken-${Date.now()}@example.com`
  await page.goto('/')
  const first = await addVirtualAuthenticator(page)
  await signUp(page, 'ada', email)
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await first.remove()

  const second = await addVirtualAuthenticator(page)
  const section = await enterSignUpEmailCode(page, email)
  await expect(section.getByRole('alert')).toHaveText(
    'This email already has an account. Recover it instead of signing up again.',
  )
  await expect(
    section.getByRole('button', { name: 'Create passkey wallet' }),
  ).toBeDisabled()
  expect(await second.credentials()).toEqual([])
})
