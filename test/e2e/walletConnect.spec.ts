import { expect, type Page, test } from '@playwright/test'
import { erc20Abi, type Hash, parseEventLogs, verifyMessage } from 'viem'
import type { SandboxChainUrls } from '../../sandbox/chains.js'
import {
  type SandboxWallet,
  startSandboxWallet,
} from '../../sandbox/wallet/startSandboxWallet.js'
import { openedLinks, recordOpenedLinks } from '../helpers/linkOpened.js'
import { screenshot } from '../helpers/panelSteps.js'
import { phoneDevice } from '../helpers/phoneDevice.js'
import { signInPlayground } from '../helpers/playgroundSignature.js'
import { askWalletCapabilities, sendBatch } from '../helpers/playgroundSteps.js'
import { sandboxClients } from '../helpers/sandboxClients.js'
import { fundFromFaucet } from '../helpers/sandboxTools.js'
import { ignoreSessionDeletedTwice } from '../helpers/unhandledSdkRejections.js'

// Its sandbox wallets run in this worker.
ignoreSessionDeletedTwice()

const relayUrl = process.env.SANDBOX_RELAY_URL ?? ''
const rpcUrls = JSON.parse(
  process.env.SANDBOX_RPC_URLS ?? '{}',
) as SandboxChainUrls

const wallets: SandboxWallet[] = []
test.afterAll(async () => {
  for (const wallet of wallets) await wallet.stop().catch(() => undefined)
})

/** Pairs the page with a fresh sandbox wallet through the QR payload it shows. */
async function pair(page: Page, path = '/') {
  await page.goto(path)
  await page.getByRole('button', { name: 'Pair with WalletConnect' }).click()
  const uri = (await page.getByTestId('wc-uri').textContent())!.trim()
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  const wallet = await startSandboxWallet({ relayUrl, rpcUrls })
  wallets.push(wallet)
  await wallet.pair(uri)
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(wallet.address)
  return { wallet, uri }
}

test('pairs by QR payload, signs, and a reload restores the session without pairing again', async ({
  page,
}) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Pair with WalletConnect' }).click()
  await expect(page.getByRole('img', { name: 'Pairing QR code' })).toBeVisible()
  await expect(page.getByTestId('wc-attempt')).toContainText('Attempt 1 of 10')
  await screenshot(
    page.getByRole('region', { name: 'WalletConnect' }),
    'walletconnect-pairing',
  )
  const uri = (await page.getByTestId('wc-uri').textContent())!.trim()
  await expect(
    page.getByRole('link', { name: 'Open in wallet' }),
  ).toHaveAttribute('href', `sandboxwallet://wc?uri=${encodeURIComponent(uri)}`)
  const wallet = await startSandboxWallet({ relayUrl, rpcUrls })
  wallets.push(wallet)
  await wallet.pair(uri)
  await expect(page.getByTestId('status')).toHaveText('connected')
  const message = `over the relay ${Date.now()}`
  const signature = await signInPlayground(page, message)
  expect(
    await verifyMessage({ address: wallet.address, message, signature }),
  ).toBe(true)

  await page.reload()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(wallet.address)
  await expect(
    page.getByRole('button', { name: 'Pair with WalletConnect' }),
  ).toHaveCount(0)
  const again = await signInPlayground(page, 'after the reload')
  expect(
    await verifyMessage({
      address: wallet.address,
      message: 'after the reload',
      signature: again,
    }),
  ).toBe(true)
  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
})

test('closing the pairing view ends connect() with "Pairing aborted", and the next pairing connects', async ({
  page,
}) => {
  await page.goto('/')
  const pairButton = page.getByRole('button', {
    name: 'Pair with WalletConnect',
  })
  await pairButton.click()
  const firstUri = (await page.getByTestId('wc-uri').textContent())!.trim()
  await expect(pairButton).toBeDisabled()
  await page.getByRole('button', { name: 'Cancel pairing' }).click()
  const section = page.getByRole('region', { name: 'WalletConnect' })
  await expect(section.getByRole('alert')).toHaveText('Pairing aborted')
  await expect(page.getByTestId('wc-uri')).toHaveCount(0)
  await expect(pairButton).toBeEnabled()
  await expect(page.getByTestId('status')).toHaveText('disconnected')

  await pairButton.click()
  const uri = (await page.getByTestId('wc-uri').textContent())!.trim()
  expect(uri).not.toBe(firstUri)
  const wallet = await startSandboxWallet({ relayUrl, rpcUrls })
  wallets.push(wallet)
  await wallet.pair(uri)
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(wallet.address)
})

test('useSendCalls: the wallet sends an approve + transfer as one transaction, and the page sees it confirmed', async ({
  page,
}) => {
  const { wallet } = await pair(page)
  await fundFromFaucet(page)
  await expect(page.getByTestId('token-balance')).toHaveText('100')
  await expect(await askWalletCapabilities(page)).toContainText(
    'in one confirmation, all or nothing',
  )
  await sendBatch(page, '4')
  const tx = page.getByTestId('calls-tx')
  await expect(tx).toHaveText(/^0x[0-9a-f]{64}$/)
  const receipt = await sandboxClients()[1].getTransactionReceipt({
    hash: (await tx.textContent()) as Hash,
  })
  expect(receipt.status).toBe('success')
  expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())
  expect(
    parseEventLogs({
      abi: erc20Abi,
      logs: receipt.logs,
    }).map((log) => log.eventName),
  ).toEqual(['Approval', 'Transfer'])
  await expect(page.getByTestId('token-balance')).toHaveText('96')
})

test.describe('on an iPhone', () => {
  test.use(phoneDevice('iPhone 13'))

  test('a signature request, then a batch of calls, each opens the wallet by its native link', async ({
    page,
  }) => {
    await recordOpenedLinks(page)
    const { wallet } = await pair(page)
    await signInPlayground(page, 'from the phone')
    const topic = wallet.sessions()[0]!.topic
    const link = [`sandboxwallet://wc?sessionTopic=${topic}`, '_self']
    expect(await openedLinks(page)).toEqual([link])
    await fundFromFaucet(page)
    await sendBatch(page, '1')
    await expect(page.getByTestId('calls-tx')).toHaveText(/^0x[0-9a-f]{64}$/)
    expect(await openedLinks(page)).toEqual([link, link])
  })

  test('or by its universal link when the host prefers it', async ({
    page,
  }) => {
    await recordOpenedLinks(page)
    const { wallet } = await pair(page, '/?deepLink=universal')
    await signInPlayground(page, 'universal')
    const topic = wallet.sessions()[0]!.topic
    expect(await openedLinks(page)).toEqual([
      [
        `https://wallet.sandbox.localhost/app/wc?sessionTopic=${topic}`,
        '_blank',
      ],
    ])
  })
})

test.describe('on Android', () => {
  test.use(phoneDevice('Pixel 7'))

  test('a signature request opens the wallet by its native link', async ({
    page,
  }) => {
    await recordOpenedLinks(page)
    const { wallet } = await pair(page)
    await signInPlayground(page, 'from android')
    const topic = wallet.sessions()[0]!.topic
    expect(await openedLinks(page)).toEqual([
      [`sandboxwallet://wc?sessionTopic=${topic}`, '_self'],
    ])
  })
})

test('on desktop no link is opened', async ({ page }) => {
  await recordOpenedLinks(page)
  await pair(page)
  await signInPlayground(page, 'desktop')
  expect(await openedLinks(page)).toEqual([])
})

test('a person pastes the URI into the sandbox wallet page, which signs, refuses and disconnects', async ({
  page,
  context,
}) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Pair with WalletConnect' }).click()
  const uri = (await page.getByTestId('wc-uri').textContent())!.trim()
  const walletPage = await context.newPage()
  await walletPage.goto('/wallet.html')
  await expect(walletPage.getByTestId('wallet-address')).toHaveText(
    /^0x[0-9a-fA-F]{40}$/,
  )
  const address = (await walletPage
    .getByTestId('wallet-address')
    .textContent())!
  await walletPage.getByLabel('WalletConnect URI').fill('https://not-a-uri')
  await walletPage.getByRole('button', { name: 'Pair' }).click()
  await expect(walletPage.getByRole('alert')).toHaveText(
    'Paste a WalletConnect URI: it starts with wc:',
  )
  await walletPage.getByLabel('WalletConnect URI').fill(uri)
  await walletPage.getByRole('button', { name: 'Pair' }).click()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(page.getByTestId('address')).toHaveText(address)
  await expect(walletPage.getByTestId('wallet-sessions')).toContainText(
    'eip155:1',
  )

  const signature = await signInPlayground(page, 'pasted by hand')
  expect(
    await verifyMessage({
      address: address as `0x${string}`,
      message: 'pasted by hand',
      signature,
    }),
  ).toBe(true)
  await expect(walletPage.getByTestId('wallet-log')).toContainText(
    'personal_sign',
  )

  await walletPage.getByLabel('Sign and send what dapps ask').uncheck()
  await page.getByLabel('Message').fill('refused by the person')
  await page.getByRole('button', { name: 'Sign', exact: true }).click()
  await expect(page.getByText('User rejected the request.')).toBeVisible()
  await walletPage.getByLabel('Sign and send what dapps ask').check()

  await walletPage
    .getByRole('button', { name: 'Disconnect every dapp' })
    .click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await expect(walletPage.getByText('No dapp connected.')).toBeVisible()
})
