import { expect, type Page, test } from '@playwright/test'
import { mnemonicToAccount } from 'viem/accounts'
import type { Sandbox } from '../../sandbox/startSandbox.js'
import { expectSigningAs } from '../helpers/expectSigningAs.js'
import { exportedSeedPhrase } from '../helpers/exportedSeedPhrase.js'
import { placesInHostPage } from '../helpers/placesInHostPage.js'
import { signUp } from '../helpers/playgroundSteps.js'
import { proxyRequests, vendorRequests } from '../helpers/vendorRequests.js'
import { emailsTo, lastEmail, vendorNow } from '../helpers/vendorUsers.js'
import { addVirtualAuthenticator } from '../helpers/virtualAuthenticator.js'

/*
 * A host with zero server code: the playground with `?backend=proxy` signs
 * up, logs in, recovers and exports through the vendor's Auth Proxy (the
 * sandbox's emulator) and the vendor's public API, and never calls the
 * playground's backend routes.
 */

const vendor = JSON.parse(
  process.env.SANDBOX_VENDOR ?? 'null',
) as Sandbox['vendor']
const recoveryKey = 'wagmi.passkeyWallet.recovery'

/** Calls to the playground's own backend routes: a host with no backend makes none. */
function backendRequests(page: Page) {
  const paths: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/'))
      paths.push(new URL(request.url()).pathname)
  })
  return paths
}

const recoveryPanel = (page: Page) =>
  page.getByRole('region', { name: 'Recover your wallet' })

test('no backend: sign up through the Auth Proxy, reload with no request and no prompt, log in again', async ({
  page,
}) => {
  const email = `ada-${Date.now()}@example.com`
  await page.goto('/?backend=proxy')
  await expect(
    page.getByRole('navigation', { name: 'Passkey wallet backend' }),
  ).toContainText('no backend (Auth Proxy)')
  const authenticator = await addVirtualAuthenticator(page)
  const proxy = proxyRequests(page)
  const requests = vendorRequests(page, vendor.url)
  const backend = backendRequests(page)

  const address = await signUp(page, 'ada', email)
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  // The proxy made the account and answered its address; the passkey's one assertion opened the session,
  // whose key the vendor lists under the playground's session profile.
  // The email proved first (the code, its check, no account yet), then the account.
  expect(proxy).toEqual(['otp_init', 'otp_verify', 'account', 'signup'])
  expect(requests).toEqual(['submit/stamp_login', 'query/get_api_keys'])
  expect(backend).toEqual([])
  const [credential] = await authenticator.credentials()
  expect(credential?.rpId).toBe('localhost')
  await expectSigningAs(page, address)

  // Reload: connected from stored public data, with no request and no prompt.
  const signCount = (await authenticator.credentials())[0]!.signCount
  const afterReload = vendorRequests(page, vendor.url)
  const proxyAfterReload = proxyRequests(page)
  await page.reload()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(address)
  expect(afterReload).toEqual([])
  expect(proxyAfterReload).toEqual([])
  expect((await authenticator.credentials())[0]!.signCount).toBe(signCount)

  // Log in with the passkey: as with a backend, one prompt and three vendor requests.
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  const logIn = vendorRequests(page, vendor.url)
  const proxyAtLogIn = proxyRequests(page)
  await page.getByRole('button', { name: 'Log in with passkey' }).click()
  await expect(page.getByTestId('address')).toHaveText(address)
  expect(logIn).toEqual([
    'submit/stamp_login',
    'query/get_api_keys',
    'query/list_wallet_accounts',
  ])
  expect(proxyAtLogIn).toEqual([])
  expect((await authenticator.credentials())[0]!.signCount).toBe(signCount + 1)
  expect(backend).toEqual([])
})

test('no backend: email-code recovery to a new passkey with the same address, then export', async ({
  page,
}) => {
  const email = `rita-${Date.now()}@example.com`
  // The page's clock agrees with the vendor's, as a real device's does (within seconds).
  await page.clock.setSystemTime(await vendorNow(vendor))
  await page.goto('/?backend=proxy')
  const authenticator = await addVirtualAuthenticator(page)
  const backend = backendRequests(page)
  const address = await signUp(page, 'rita', email)
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  // The device is lost: no passkey, nothing stored.
  await authenticator.clearCredentials()

  const panel = recoveryPanel(page)
  const status = panel.getByRole('status')
  const proxy = proxyRequests(page)
  const requests = vendorRequests(page, vendor.url)
  // One way through the proxy: no choice of recovery type.
  await expect(panel.getByRole('radio')).toHaveCount(0)
  await panel.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await panel.getByRole('button', { name: 'Send code' }).click()
  await expect(status).toHaveText(`We sent a code to ${email}. Type it below.`)
  const codeField = panel.getByRole('textbox', { name: 'Code from the email' })
  await expect(codeField).toBeFocused()
  await expect(panel.getByText('6 digits')).toBeVisible()
  const { kind, secret: code } = await lastEmail(vendor, email)
  expect(kind).toBe('otp')

  // A wrong code: the pack's sentence, and how many tries are left.
  const wrong = code.replace(/\d$/, (d) => String((Number(d) + 1) % 10))
  await codeField.fill(wrong)
  await panel.getByRole('button', { name: 'Continue' }).click()
  await expect(panel.getByRole('alert')).toHaveText(
    'The code is invalid or expired. 2 tries left.',
  )
  await codeField.fill(code)
  await panel.getByRole('button', { name: 'Continue' }).click()
  await expect(status).toHaveText(/Code accepted/)
  // The proxy config's session (900 s) bounds the recovery session (never more than 1800 s).
  await expect(
    panel.getByText(/Recovery session ends in (15:00|14:\d\d)/),
  ).toBeVisible()
  const stored = await page.evaluate(
    (key) => localStorage.getItem(key),
    recoveryKey,
  )
  expect(Object.keys(JSON.parse(stored!)).sort()).toEqual([
    'createdAt',
    'sessionExpirationSeconds',
    'type',
    'userId',
  ])
  expect(stored).not.toContain(code)

  await panel.getByRole('button', { name: 'Create new passkey' }).click()
  await expect(status).toHaveText(/Passkey created/)
  expect(await authenticator.credentials()).toHaveLength(1)
  expect(
    await page.evaluate((key) => localStorage.getItem(key), recoveryKey),
  ).toBeNull()
  expect(proxy).toEqual([
    'wallet_kit_config',
    'otp_init',
    'otp_verify',
    'otp_verify',
    'account',
    'otp_login',
  ])
  // The one-time login key signs the recovery, as the emailed key does with a backend.
  expect(requests).toEqual([
    'query/whoami',
    'query/get_user',
    'submit/create_authenticators',
    'query/get_user',
    'submit/update_user',
  ])
  // The code is nowhere in the page's storage.
  expect(await placesInHostPage(page, code)).toEqual([])

  await panel.getByRole('button', { name: 'Sign in with new passkey' }).click()
  await expectSigningAs(page, address)
  // Export with the new passkey: the seed phrase derives the same address.
  const mnemonic = await exportedSeedPhrase(page)
  expect(mnemonicToAccount(mnemonic).address).toBe(address)
  expect(backend).toEqual([])
})

test('no backend, on an origin the proxy config does not allow: "Send code" says the service could not be reached, and no code is sent', async ({
  page,
  baseURL,
}) => {
  const email = `stranger-${Date.now()}@example.com`
  // The same playground on 127.0.0.1: an origin the config does not list.
  const url = new URL('/?backend=proxy', baseURL)
  url.hostname = '127.0.0.1'
  await page.goto(url.href)
  const panel = recoveryPanel(page)
  await panel.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await panel.getByRole('button', { name: 'Send code' }).click()
  await expect(panel.getByRole('alert')).toHaveText(
    'The sign-in service could not be reached. Check your connection and try again.',
  )
  await expect(panel.getByRole('button', { name: 'Send code' })).toBeEnabled()
  expect(await emailsTo(vendor, email)).toEqual([])
  expect(
    await page.evaluate((key) => localStorage.getItem(key), recoveryKey),
  ).toBeNull()
})
