import { expect, type Page } from '@playwright/test'
import { type Address, verifyMessage } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { devAccount } from '../../../sandbox/devAccounts.js'
import { exportedSeedPhrase } from '../../helpers/exportedSeedPhrase.js'
import { readHostStorage, secretsIn } from '../../helpers/hostStorage.js'
import { installTestWallet } from '../../helpers/injectedTestWallet.js'
import { test } from '../../helpers/ownPlayground.js'
import {
  pairSandboxWallet,
  sign,
  signUp,
  signUpFresh,
} from '../../helpers/playgroundSteps.js'
import { fundFromFaucet } from '../../helpers/sandboxTools.js'
import { emailCount, lastEmail } from '../../helpers/vendorUsers.js'
import { addVirtualAuthenticator } from '../../helpers/virtualAuthenticator.js'

async function signAndVerify(page: Page, address: Address, message: string) {
  const signature = await sign(page, message)
  expect(await verifyMessage({ address, message, signature })).toBe(true)
}

/** Nothing secret in the host origin's storage; the session key, if any, cannot leave its CryptoKey. */
async function expectNoSecretsStored(
  page: Page,
  rules: Parameters<typeof secretsIn>[1] = {},
) {
  const entries = await readHostStorage(page)
  expect(entries.length).toBeGreaterThan(0)
  expect(secretsIn(entries, rules)).toEqual([])
  return entries
}

test('passkeyWallet: sign-up, signatures, a send, reload, disconnect and log-in store no secret', async ({
  page,
}) => {
  const { address } = await signUpFresh(page, 'stores-nothing')
  await signAndVerify(page, address, 'first')
  await page.getByRole('button', { name: 'Sign typed data' }).click()
  await expect(page.getByTestId('typed-signature')).toBeVisible()
  await fundFromFaucet(page)
  await expect(page.getByTestId('eth-balance')).toHaveText('1')
  await page.getByRole('button', { name: 'Send ETH' }).click()
  await expect(page.getByTestId('eth-tx-confirmed')).toContainText(
    'Confirmed in block',
  )
  const entries = await expectNoSecretsStored(page)
  // The session key lives in IndexedDB as a CryptoKey the page itself cannot read out.
  expect(
    entries.filter((entry) => entry.value.includes('"cryptoKey":"private"')),
  ).toEqual([
    expect.objectContaining({
      value: expect.stringContaining('"extractable":false'),
    }),
  ])

  await page.reload()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await page.getByRole('button', { name: 'Log in with passkey' }).click()
  await expect(page.getByTestId('address')).toHaveText(address)
  await signAndVerify(page, address, 'after log-in')
  await expectNoSecretsStored(page)
})

test('email recovery stores neither the emailed bundle nor what it decrypts to', async ({
  page,
  playground,
}) => {
  const email = `recovers-${Date.now()}@example.com`
  const { address, authenticator } = await signUpFresh(page, 'recovers', email)
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await authenticator.clearCredentials()
  const panel = page.getByRole('region', { name: 'Recover your wallet' })
  const sentBefore = await emailCount(playground.sandbox.vendor, email)
  await panel.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await panel.getByRole('button', { name: 'Send code' }).click()
  await expect(panel.getByRole('status')).toContainText(
    `We sent a code to ${email}`,
  )
  const { secret } = await lastEmail(playground.sandbox.vendor, email, {
    after: sentBefore,
  })
  await panel.getByLabel('Code from the email').fill(secret)
  await panel.getByRole('button', { name: 'Continue' }).click()
  await expect(panel.getByRole('status')).toHaveText(/Code accepted/)
  // Mid-recovery: the page holds a key that can act for the user, in memory only.
  await expectNoSecretsStored(page, { known: [secret] })
  await panel.getByRole('button', { name: 'Create new passkey' }).click()
  await panel.getByRole('button', { name: 'Sign in with new passkey' }).click()
  await expect(page.getByTestId('address')).toHaveText(address)
  await expectNoSecretsStored(page, { known: [secret] })
})

test('email recovery through the Auth Proxy stores neither the code, its token, the login session nor the login key', async ({
  page,
  playground,
}) => {
  const email = `proxy-recovers-${Date.now()}@example.com`
  await page.goto('/?backend=proxy')
  const authenticator = await addVirtualAuthenticator(page)
  const address = await signUp(page, 'proxy-recovers', email)
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await authenticator.clearCredentials()
  // What the proxy hands the page for this one login: a verification token, then a session.
  const handed: string[] = []
  // Each body is read after the page has it: the assertion waits for every read.
  const reads: Promise<void>[] = []
  page.on('response', (response) => {
    const endpoint = new URL(response.url()).pathname
    if (endpoint !== '/v1/otp_verify' && endpoint !== '/v1/otp_login') return
    reads.push(
      response
        .json()
        .catch(() => ({}))
        .then((body: Record<string, unknown>) => {
          for (const value of Object.values(body))
            if (typeof value === 'string') handed.push(value)
        }),
    )
  })
  const panel = page.getByRole('region', { name: 'Recover your wallet' })
  const sentBefore = await emailCount(playground.sandbox.vendor, email)
  await panel.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await panel.getByRole('button', { name: 'Send code' }).click()
  await expect(panel.getByRole('status')).toContainText(
    `We sent a code to ${email}`,
  )
  const { secret } = await lastEmail(playground.sandbox.vendor, email, {
    after: sentBefore,
  })
  await panel.getByLabel('Code from the email').fill(secret)
  await panel.getByRole('button', { name: 'Continue' }).click()
  await expect(panel.getByRole('status')).toHaveText(/Code accepted/)
  await Promise.all(reads)
  expect(handed).toHaveLength(2)
  // Mid-recovery the one-time login key signs for the user: in memory only, in no storage.
  const entries = await expectNoSecretsStored(page, { known: handed })
  expect(
    entries.filter((entry) => entry.value.includes('"cryptoKey":"private"')),
  ).toEqual([])
  await panel.getByRole('button', { name: 'Create new passkey' }).click()
  await panel.getByRole('button', { name: 'Sign in with new passkey' }).click()
  await expect(page.getByTestId('address')).toHaveText(address)
  await expectNoSecretsStored(page, { known: handed })
})

test('an exported seed phrase reaches no storage, message or response of the host page', async ({
  page,
}) => {
  // Everything the host page receives from a frame: window messages and channel ports.
  await page.addInitScript(() => {
    const received: string[] = []
    Object.assign(window, { receivedMessages: received })
    const record = (event: MessageEvent) =>
      received.push(JSON.stringify(event.data))
    window.addEventListener('message', record)
    const onmessage = Object.getOwnPropertyDescriptor(
      MessagePort.prototype,
      'onmessage',
    )!
    Object.defineProperty(MessagePort.prototype, 'onmessage', {
      configurable: true,
      get() {
        return onmessage.get!.call(this)
      },
      set(handler: ((event: MessageEvent) => unknown) | null) {
        onmessage.set!.call(
          this,
          handler &&
            function (this: MessagePort, event: MessageEvent) {
              record(event)
              return handler.call(this, event)
            },
        )
      },
    })
  })
  const responses: Promise<string>[] = []
  page.on('response', (response) =>
    responses.push(response.text().catch(() => '')),
  )
  const { address } = await signUpFresh(page, 'exports')
  const mnemonic = await exportedSeedPhrase(page)
  expect(mnemonicToAccount(mnemonic).address).toBe(address)

  await expectNoSecretsStored(page, { known: [mnemonic] })
  const messages = await page.evaluate(
    () =>
      (window as unknown as { receivedMessages: string[] }).receivedMessages,
  )
  expect(messages.length).toBeGreaterThan(0)
  expect(messages.filter((message) => message.includes(mnemonic))).toEqual([])
  // The host page's own requests (the frame's are not its): the bundle is encrypted to the frame.
  const hostBodies = await Promise.all(responses)
  expect(hostBodies.length).toBeGreaterThan(0)
  expect(hostBodies.filter((body) => body.includes(mnemonic))).toEqual([])
  expect(
    await page.evaluate(
      (words) => document.documentElement.outerHTML.includes(words),
      mnemonic.split(' ').slice(0, 3).join(' '),
    ),
  ).toBe(false)
})

test('walletConnectDeepLink: pairing and a signature store no account secret', async ({
  page,
  playground,
}) => {
  await page.goto('/')
  const wallet = await pairSandboxWallet(page, playground)
  try {
    await signAndVerify(page, wallet.address, 'over the relay')
    // The session's topic routes relay messages; it opens nothing.
    const topics = wallet.sessions().map((session) => session.topic)
    expect(topics).toHaveLength(1)
    const entries = await expectNoSecretsStored(page, { publicValues: topics })
    expect(entries.some((entry) => entry.key.startsWith('wc@2:'))).toBe(true)
  } finally {
    await wallet.stop()
  }
})

test('injectedWallet: connecting and signing store no secret', async ({
  page,
  playground,
}) => {
  const address = devAccount(5).address
  await installTestWallet(page, {
    address,
    rpcUrls: playground.sandbox.rpcUrls,
    chainId: 1,
  })
  await page.goto('/')
  await page
    .getByTestId('announced-wallets')
    .getByRole('button', { name: 'Sandbox Injected Wallet' })
    .click()
  await expect(page.getByTestId('address')).toHaveText(address)
  await signAndVerify(page, address, 'from the extension')
  await expectNoSecretsStored(page)
})
