import { expect, type Page, test } from '@playwright/test'
import decodeQR from 'qr/decode.js'
import type { SandboxChainUrls } from '../../sandbox/chains.js'
import { devAccount } from '../../sandbox/devAccounts.js'
import {
  type SandboxWallet,
  startSandboxWallet,
} from '../../sandbox/wallet/startSandboxWallet.js'
import { installTestWallet } from '../helpers/injectedTestWallet.js'
import {
  buildsOnFirstVisit,
  expectMetaMaskBrowseLink,
  paysBothInKitExample,
  signsInKitExample,
  signsUpInKitExample,
} from '../helpers/kitExample.js'
import { phoneDevice } from '../helpers/phoneDevice.js'
import { ignoreSessionDeletedTwice } from '../helpers/unhandledSdkRejections.js'
import { addVirtualAuthenticator } from '../helpers/virtualAuthenticator.js'

/*
 * docs/examples/kits/rainbowkit: the pack's wallets in RainbowKit 2.2.11's modal,
 * on wagmi 2, served by the playground on the sandbox.
 */

// Its sandbox wallets run in this worker.
ignoreSessionDeletedTwice()

const example = '/kits/rainbowkit/'

test.beforeAll(async () => {
  // A guard against a hang, not a timing: a production build beside npm test's other runners.
  test.setTimeout(180_000)
  await buildsOnFirstVisit(example)
})
const relayUrl = process.env.SANDBOX_RELAY_URL ?? ''
const rpcUrls = JSON.parse(
  process.env.SANDBOX_RPC_URLS ?? '{}',
) as SandboxChainUrls

const wallets: SandboxWallet[] = []
test.afterAll(async () => {
  for (const wallet of wallets) await wallet.stop().catch(() => undefined)
})

const modal = (page: Page) => page.getByRole('dialog')
const walletOption = (page: Page, id: string) =>
  modal(page).getByTestId(`rk-wallet-option-${id}`)

/** The text RainbowKit's QR code holds, read from its pixels as a camera would. */
async function qrCodeText(page: Page) {
  const image = await modal(page)
    .locator('svg')
    .filter({ has: page.locator('path, rect') })
    .last()
    .evaluate(async (svg) => {
      const { width, height } = svg.getBoundingClientRect()
      const source = new XMLSerializer().serializeToString(svg)
      const picture = new Image()
      picture.src = `data:image/svg+xml,${encodeURIComponent(source.replaceAll('currentColor', '#000'))}`
      await picture.decode()
      const canvas = document.createElement('canvas')
      const margin = 32
      canvas.width = Math.round(width) + 2 * margin
      canvas.height = Math.round(height) + 2 * margin
      const context = canvas.getContext('2d')!
      context.fillStyle = '#fff'
      context.fillRect(0, 0, canvas.width, canvas.height)
      context.drawImage(picture, margin, margin, width, height)
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height)
      return { width: canvas.width, height: canvas.height, data: [...data] }
    })
  return decodeQR({ ...image, data: Uint8Array.from(image.data) })
}

test('the modal lists the pack’s wallets with their names and icons; WalletConnect’s URI is its QR code, and the paired wallet pays two addresses in one transaction', async ({
  page,
}) => {
  await page.goto(example)
  await page.getByTestId('rk-connect-button').click()
  for (const [id, name] of [
    ['passkeyWallet', 'Passkey'],
    ['walletConnectDeepLink', 'WalletConnect'],
    ['metamask', 'MetaMask'],
  ] as const) {
    await expect(walletOption(page, id)).toHaveText(name)
    // The icon the host gave, drawn (an image that failed has no natural width).
    const icon = walletOption(page, id).locator('img')
    await expect(icon).toHaveAttribute('src', /^data:image\/svg\+xml,/)
    expect(
      await icon.evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0)
  }

  await walletOption(page, 'walletConnectDeepLink').click()
  await expect(modal(page).getByText('Scan with your phone')).toBeVisible()
  const uri = await qrCodeText(page)
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  const wallet = await startSandboxWallet({ relayUrl, rpcUrls })
  wallets.push(wallet)
  await wallet.pair(uri)
  await expect(page.getByLabel('Account')).toHaveText(wallet.address)
  await expect(modal(page)).toHaveCount(0)
  expect(await signsInKitExample(page)).toBe(wallet.address)
  // The wallet's own batch, on wagmi 2's useSendCalls.
  await paysBothInKitExample(page, wallet.address, rpcUrls)
})

test('passkey: the app’s sign-up beside the modal, a signature; after a disconnect in RainbowKit, the modal logs in with the same passkey, and pays two addresses in one transaction (useSendCalls on wagmi 2)', async ({
  page,
}) => {
  await addVirtualAuthenticator(page)
  await page.goto(example)
  const account = await signsUpInKitExample(page, 'rainbow')
  await expect(page.getByTestId('rk-account-button')).toBeVisible()

  await page.getByTestId('rk-account-button').click()
  await modal(page).getByTestId('rk-disconnect-button').click()
  await expect(page.getByLabel('Account')).toHaveCount(0)

  await page.getByTestId('rk-connect-button').click()
  await walletOption(page, 'passkeyWallet').click()
  await expect(page.getByLabel('Account')).toHaveText(account)
  expect(await signsInKitExample(page)).toBe(account)

  // On wagmi 2, useSendCalls and useWaitForCallsStatus: two payments, one transaction.
  await paysBothInKitExample(page, account, rpcUrls)
})

test('MetaMask, a browser wallet without atomic batches: connects through the modal, and its own wallet_sendCalls pays two addresses one call at a time (useSendCalls on wagmi 2)', async ({
  page,
}) => {
  const account = devAccount(6).address
  await installTestWallet(page, {
    address: account,
    rpcUrls,
    chainId: 1,
    info: { name: 'MetaMask', rdns: 'io.metamask' },
  })
  await page.goto(example)
  await page.getByTestId('rk-connect-button').click()
  await walletOption(page, 'metamask').click()
  await expect(page.getByLabel('Account')).toHaveText(account)
  await paysBothInKitExample(page, account, rpcUrls, 2)
})

test.describe('on a phone without MetaMask', () => {
  test.use(phoneDevice('iPhone 13'))

  test('MetaMask in the modal opens the page in MetaMask’s browser', async ({
    page,
    baseURL,
  }) => {
    await expectMetaMaskBrowseLink(page, { example, baseURL }, async () => {
      await page.getByTestId('rk-connect-button').click()
      await walletOption(page, 'metamask').click()
    })
  })
})
