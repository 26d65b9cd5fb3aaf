import { expect, type Page, test } from '@playwright/test'
import { type Hash, verifyMessage, verifyTypedData } from 'viem'
import { playgroundTypedData } from '../../playground/src/typedData.js'
import type { Sandbox } from '../../sandbox/startSandbox.js'
import { confirmedTransaction } from '../helpers/confirmedTransaction.js'
import {
  signatureOf,
  signInPlayground,
} from '../helpers/playgroundSignature.js'
import { signUp } from '../helpers/playgroundSteps.js'
import { sandboxClients } from '../helpers/sandboxClients.js'
import { advanceClock, armFault } from '../helpers/sandboxSwitches.js'
import { fundFromFaucet } from '../helpers/sandboxTools.js'
import { addVirtualAuthenticator } from '../helpers/virtualAuthenticator.js'

const vendor = JSON.parse(
  process.env.SANDBOX_VENDOR ?? 'null',
) as Sandbox['vendor']

/** Counts the requests the page sends to the vendor. */
function countVendorRequests(page: Page) {
  const paths: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(vendor.url) && request.method() === 'POST')
      paths.push(new URL(request.url()).pathname)
  })
  return paths
}

/** The playground's own error line (the panels have theirs). */
const playgroundAlert = (page: Page) => page.locator('p.error[role=alert]')

test('sign up, sign, reload without a prompt, disconnect and log in again', async ({
  page,
}) => {
  await page.goto('/')
  const authenticator = await addVirtualAuthenticator(page)
  const requestCode: string[] = []
  page.on('request', (request) => {
    if (/passkeyProvider/.test(request.url())) requestCode.push(request.url())
  })
  const address = await signUp(page, 'ada')
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  // A message asks the passkey even with a session key: the code that answers it is fetched once
  // connected, so that the prompt follows the tap with no download in between.
  await expect.poll(() => requestCode.length).toBe(1)
  const [credential] = await authenticator.credentials()
  expect(credential?.rpId).toBe('localhost')

  // A message signed through the vendor verifies for the account, after one passkey prompt: a
  // session key never signs what the page could keep past the session.
  const promptsBefore = (await authenticator.credentials())[0]!.signCount
  const requests = countVendorRequests(page)
  const message = `Hello ${Date.now()}`
  const signature = await signInPlayground(page, message)
  expect(await verifyMessage({ address, message, signature })).toBe(true)
  expect(requests).toEqual(['/public/v1/submit/sign_raw_payload'])
  expect((await authenticator.credentials())[0]!.signCount).toBe(
    promptsBefore + 1,
  )
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toMatch(
    /privateKey|"d":/,
  )

  await page.getByRole('button', { name: 'Sign typed data' }).click()
  const typedSignature = (await page
    .getByTestId('typed-signature')
    .textContent()) as Hash
  expect(
    await verifyTypedData({
      address,
      signature: typedSignature,
      ...playgroundTypedData,
    }),
  ).toBe(true)

  // Reload: connected again from stored public data, with no vendor request and no prompt.
  const signCountBefore = (await authenticator.credentials())[0]!.signCount
  const afterReload = countVendorRequests(page)
  await page.reload()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(address)
  expect(afterReload).toEqual([])
  expect((await authenticator.credentials())[0]!.signCount).toBe(
    signCountBefore,
  )

  // Disconnect clears what the connector stored.
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  const stored = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.includes('passkeyWallet')),
  )
  expect(stored).toEqual([])

  // Log in with the same passkey: the same wallet, in three vendor requests.
  const logIn = countVendorRequests(page)
  await page.getByRole('button', { name: 'Log in with passkey' }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(address)
  // One prompt opens a session and finds the organization; the session key
  // reads itself back under the playground's session profile, then the accounts.
  expect(logIn).toEqual([
    '/public/v1/submit/stamp_login',
    '/public/v1/query/get_api_keys',
    '/public/v1/query/list_wallet_accounts',
  ])
})

test('sends ETH and the test ERC-20 on chain 1 and, after switching, ETH on Base', async ({
  page,
}) => {
  await page.goto('/')
  await addVirtualAuthenticator(page)
  const address = await signUp(page, 'grace')
  const clients = sandboxClients()
  await fundFromFaucet(page)
  await expect(page.getByTestId('eth-balance')).toHaveText('1')
  await expect(page.getByTestId('token-balance')).toHaveText('100')

  await page.getByLabel('ETH amount').fill('0.1')
  await page.getByRole('button', { name: 'Send ETH' }).click()
  const hashOn1 = await confirmedTransaction(page, 'eth-tx')
  const receipt1 = await clients[1].getTransactionReceipt({ hash: hashOn1 })
  expect(receipt1.from.toLowerCase()).toBe(address.toLowerCase())
  expect(await clients[1].getBlockNumber()).toBeGreaterThanOrEqual(
    receipt1.blockNumber + 2n,
  )

  await page.getByLabel('Token amount').fill('7')
  await page.getByRole('button', { name: 'Send SBX' }).click()
  await expect(page.getByTestId('token-tx-confirmed')).toContainText(
    'Confirmed in block',
  )
  await expect(page.getByTestId('token-balance')).toHaveText('93')

  await page.getByRole('button', { name: 'Base (8453)' }).click()
  await expect(page.getByTestId('chain')).toHaveText('Base (8453)')
  await page.getByRole('button', { name: 'Send ETH' }).click()
  const hashOn8453 = await confirmedTransaction(page, 'eth-tx')
  expect(hashOn8453).not.toBe(hashOn1)
  const receipt8453 = await clients[8453].getTransactionReceipt({
    hash: hashOn8453,
  })
  expect(receipt8453.status).toBe('success')
  expect(receipt8453.from.toLowerCase()).toBe(address.toLowerCase())
})

test('a signature asked before a disconnect is never made for the account that connects next', async ({
  page,
}) => {
  await page.goto('/')
  const authenticator = await addVirtualAuthenticator(page)
  // The code that answers requests is fetched once connected: hold it until another account is in.
  let held = false
  let release!: () => void
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/passkeyProvider/, async (route) => {
    held = true
    await released
    await route.continue()
  })
  const first = await signUp(page, 'grace')
  const requests = countVendorRequests(page)
  await page.getByLabel('Message').fill('asked by grace')
  await page.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect.poll(() => held).toBe(true)
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  // A second account on a device that holds the first one's passkey: its prompts ask for its own.
  const [graceKey] = await authenticator.credentials()
  const second = await signUp(page, 'hopper')
  expect(second).not.toBe(first)
  // The message asks the passkey: the user picks hopper's, not grace's, in the browser's list.
  await authenticator.removeCredential(graceKey!.credentialId)
  // The second account signs its own message once the code is in: one signature, its own.
  await page.getByLabel('Message').fill('asked by hopper')
  await page.getByRole('button', { name: 'Sign', exact: true }).click()
  release()
  const signature = await signatureOf(page, 'asked by hopper')
  expect(
    await verifyMessage({
      address: second,
      message: 'asked by hopper',
      signature,
    }),
  ).toBe(true)
  expect(
    requests.filter((path) => path.endsWith('/sign_raw_payload')),
  ).toHaveLength(1)
})

test('a cancelled passkey prompt is a rejection and leaves nothing behind', async ({
  page,
}) => {
  // The user dismisses the browser's passkey sheet: Chrome rejects the ceremony with exactly this.
  await page.addInitScript(() => {
    navigator.credentials.create = () =>
      Promise.reject(
        new DOMException(
          'The operation either timed out or was not allowed.',
          'NotAllowedError',
        ),
      )
  })
  await page.goto('/')
  await page.getByLabel('User name').fill('eve')
  const requests = countVendorRequests(page)
  await page.getByRole('button', { name: 'Create passkey wallet' }).click()
  // viem's UserRejectedRequestError (4001) in the prompt's own words.
  await expect(playgroundAlert(page)).toHaveText(
    'The passkey prompt was cancelled or timed out.',
  )
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  expect(requests).toEqual([])
  const stored = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.includes('passkeyWallet')),
  )
  expect(stored).toEqual([])
})

test('the session key sends without a prompt until the vendor says it expired, then the passkey signs', async ({
  page,
}) => {
  await page.goto('/')
  const authenticator = await addVirtualAuthenticator(page)
  const address = await signUp(page, 'hopper')
  await fundFromFaucet(page)
  await expect(page.getByTestId('eth-balance')).toHaveText('1')
  const clients = sandboxClients()
  const prompts = async () => (await authenticator.credentials())[0]!.signCount
  const before = await prompts()
  const sent = countVendorRequests(page)
  await page.getByLabel('ETH amount').fill('0.1')
  await page.getByRole('button', { name: 'Send ETH' }).click()
  const first = await confirmedTransaction(page, 'eth-tx')
  expect((await clients[1].getTransactionReceipt({ hash: first })).from).toBe(
    address.toLowerCase(),
  )
  // The vendor sent it: the page never held a signed transaction.
  expect(sent[0]).toBe('/public/v1/submit/eth_send_transaction')
  expect(sent).not.toContain('/public/v1/submit/sign_transaction')
  expect(await prompts()).toBe(before)

  // The vendor's clock passes the 900 s: the session key is refused, the passkey signs by itself.
  await advanceClock(vendor.url, 901_000)
  const requests = countVendorRequests(page)
  await page.getByRole('button', { name: 'Send ETH' }).click()
  const second = await confirmedTransaction(page, 'eth-tx', first)
  expect(
    (await clients[1].getTransactionReceipt({ hash: second })).status,
  ).toBe('success')
  expect(requests).toEqual([
    '/public/v1/submit/eth_send_transaction',
    '/public/v1/submit/sign_transaction',
  ])
  expect(await prompts()).toBe(before + 1)
})

test('with session: false every signature asks for the passkey', async ({
  page,
}) => {
  await page.goto('/?session=off')
  const authenticator = await addVirtualAuthenticator(page)
  // The code that answers requests is fetched once connected: the first prompt waits for no download.
  const requestCode = page.waitForRequest(/passkeyProvider/)
  const address = await signUp(page, 'lamarr')
  await requestCode
  const prompts = async () => (await authenticator.credentials())[0]!.signCount
  const before = await prompts()
  for (const [index, message] of ['first', 'second'].entries()) {
    const signature = await signInPlayground(page, message)
    expect(await verifyMessage({ address, message, signature })).toBe(true)
    expect(await prompts()).toBe(before + index + 1)
  }
})

test("the vendor's own words reach the page when it refuses", async ({
  page,
}) => {
  await page.goto('/')
  await addVirtualAuthenticator(page)
  const address = await signUp(page, 'turing')
  await armFault(vendor.url, '/public/v1/submit/sign_raw_payload', 'http429')
  await page.getByLabel('Message').fill('busy')
  await page.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(playgroundAlert(page)).toHaveText(
    'Too many requests. Please wait and try again in a few seconds',
  )
  // Nothing is stuck: the next signature goes through.
  const signature = await signInPlayground(page, 'calm again')
  expect(
    await verifyMessage({ address, message: 'calm again', signature }),
  ).toBe(true)
})
