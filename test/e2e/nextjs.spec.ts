import { type Browser, expect, type Page, test } from '@playwright/test'
import { type Address, type Hex, verifyMessage } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { devAccount } from '../../sandbox/devAccounts.js'
import { type Sandbox, startSandbox } from '../../sandbox/startSandbox.js'
import { exportedSeedPhrase } from '../helpers/exportedSeedPhrase.js'
import { installTestWallet } from '../helpers/injectedTestWallet.js'
import {
  buildNextjsExample,
  startNextjsExample,
} from '../helpers/nextjsExample.js'
import { vendorRequests } from '../helpers/vendorRequests.js'
import { emailCount, lastEmail, vendorNow } from '../helpers/vendorUsers.js'
import { addVirtualAuthenticator } from '../helpers/virtualAuthenticator.js'

let buildOutput = ''
let app: Awaited<ReturnType<typeof startNextjsExample>>
// A sandbox of its own: this file runs beside the e2e files (playwright.config.ts),
// whose vendor faults must not reach it.
let sandbox: Sandbox
let vendor: Sandbox['vendor']
let rpcUrls: Sandbox['rpcUrls']

test.beforeAll(async () => {
  // next build on a loaded 2-core machine: the package's build first, if not done.
  test.setTimeout(300_000)
  sandbox = await startSandbox()
  ;({ vendor, rpcUrls } = sandbox)
  buildOutput = await buildNextjsExample()
  app = await startNextjsExample({
    vendor,
    rpcUrls,
    relayUrl: sandbox.relay.url,
    exportFrameUrl: sandbox.exportFrameUrl,
  })
})

test.afterAll(async () => {
  await app?.stop()
  await sandbox?.stop()
})

/** Errors the page reports: React's hydration errors are thrown as page errors in production. */
function pageErrors(page: Page) {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}

test('builds with `next build` and no secrets in the environment', () => {
  expect(buildOutput).toContain('Compiled successfully')
  for (const route of [
    '/account',
    '/api/create-account',
    '/api/send-email-code',
    '/api/verify-email-code',
    '/api/start-recovery',
  ])
    expect(buildOutput).toContain(route)
})

test('server-rendered pages answer 200 with 0 hydration errors; a browser wallet joins after mount', async ({
  page,
}) => {
  await installTestWallet(page, {
    address: devAccount(1).address,
    rpcUrls,
    chainId: 1,
    info: { name: 'Sandbox Injected Wallet', rdns: 'org.example.sandbox' },
  })
  const errors = pageErrors(page)
  const wallet = await page.goto(`${app.url}/`)
  expect(wallet?.status()).toBe(200)
  await expect(
    page.getByRole('button', { name: 'Connect Sandbox Injected Wallet' }),
  ).toBeVisible()
  // The server rendered the config's connectors, without the announced wallet.
  expect(await (await page.request.get(`${app.url}/`)).text()).not.toContain(
    'Sandbox Injected Wallet',
  )
  // A server component that renders the panels.
  const account = await page.goto(`${app.url}/account`)
  expect(account?.status()).toBe(200)
  await expect(
    page.getByRole('region', { name: 'Recover your wallet' }),
  ).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Export your wallet' }),
  ).toBeVisible()
  expect(errors).toEqual([])
})

async function signUp(page: Page, userName: string) {
  const email = `${userName}-${Date.now()}@example.com`
  const form = page.getByRole('form', { name: 'Sign up' })
  await form.getByRole('textbox', { name: 'Name' }).fill(userName)
  await form.getByRole('textbox', { name: 'Email' }).fill(email)
  await form.getByRole('button', { name: 'Send code' }).click()
  const code = form.getByRole('textbox', { name: 'Code' })
  await expect(code).toBeVisible()
  await code.fill((await lastEmail(vendor, email)).secret)
  await form.getByRole('button', { name: 'Confirm code' }).click()
  await form.getByRole('button', { name: 'Create passkey wallet' }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  return {
    email,
    address: (await page.getByTestId('address').textContent()) as Address,
  }
}

async function signs(page: Page, address: Address) {
  await page.getByRole('button', { name: 'Sign message' }).click()
  const signature = (await page.getByTestId('signature').textContent()) as Hex
  return verifyMessage({ address, message: 'Hello from Next.js', signature })
}

async function recoverOnNewDevice(
  browser: Browser,
  email: string,
  address: Address,
) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.clock.setSystemTime(await vendorNow(vendor))
  await page.goto(`${app.url}/account`)
  const authenticator = await addVirtualAuthenticator(page)
  const panel = page.getByRole('region', { name: 'Recover your wallet' })
  const sentBefore = await emailCount(vendor, email)
  await panel.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await panel.getByRole('radio', { name: /email code/ }).check()
  await panel.getByRole('button', { name: 'Send code' }).click()
  await expect(panel.getByRole('status')).toContainText(
    `We sent a code to ${email}`,
  )
  const { secret } = await lastEmail(vendor, email, { after: sentBefore })
  await panel.getByLabel('Code from the email').fill(secret)
  await panel.getByRole('button', { name: 'Continue' }).click()
  await panel.getByRole('button', { name: 'Create new passkey' }).click()
  await expect(panel.getByRole('status')).toHaveText(/Passkey created/)
  expect(await authenticator.credentials()).toHaveLength(1)
  await panel.getByRole('button', { name: 'Sign in with new passkey' }).click()
  await page.getByRole('link', { name: 'Back to the wallet' }).click()
  await expect(page.getByTestId('address')).toHaveText(address)
  expect(await signs(page, address)).toBe(true)
  await context.close()
}

test('sign-up with a verified email, a signature, a reload with 0 prompts, export, and recovery on a new device', async ({
  page,
  browser,
}) => {
  await page.clock.setSystemTime(await vendorNow(vendor))
  await page.goto(`${app.url}/`)
  const authenticator = await addVirtualAuthenticator(page)
  const { email, address } = await signUp(page, 'grace')
  expect(await signs(page, address)).toBe(true)

  // Reload: the cookie's state and the stored session key; no passkey, no vendor call.
  const prompts = (await authenticator.credentials())[0]!.signCount
  const requests = vendorRequests(page, vendor.url)
  await page.reload()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(address)
  expect((await authenticator.credentials())[0]!.signCount).toBe(prompts)
  expect(requests).toEqual([])

  // Export, in the panel of the server-component page.
  await page.getByRole('link', { name: 'Recovery and export' }).click()
  const mnemonic = await exportedSeedPhrase(page)
  expect(mnemonicToAccount(mnemonic).address).toBe(address)

  await recoverOnNewDevice(browser, email, address)
})
