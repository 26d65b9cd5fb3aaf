import { expect, type Page, test } from '@playwright/test'
import {
  buildsOnFirstVisit,
  expectMetaMaskBrowseLink,
  signsInKitExample,
  signsUpInKitExample,
} from '../helpers/kitExample.js'
import { phoneDevice } from '../helpers/phoneDevice.js'
import { addVirtualAuthenticator } from '../helpers/virtualAuthenticator.js'

/*
 * docs/examples/kits/appkit: the pack's connectors in Reown AppKit 1.8.24's
 * wagmi adapter and modal, served by the playground on the sandbox, offline.
 */

const example = '/kits/appkit/'

test.beforeAll(async () => {
  // A guard against a hang, not a timing: a production build beside npm test's other runners.
  test.setTimeout(180_000)
  await buildsOnFirstVisit(example)
})

const isLoopback = (url: string) =>
  ['localhost', '127.0.0.1'].includes(new URL(url).hostname)

/**
 * The hosts outside this machine the page asks for, each request refused as
 * an offline machine refuses it (whether or not this one has a network).
 */
async function outsideHosts(page: Page) {
  const hosts = new Set<string>()
  const record = (url: string) => {
    if (!isLoopback(url)) hosts.add(new URL(url).hostname)
  }
  page.on('request', (request) => record(request.url()))
  await page.route(
    (url) => !isLoopback(url.href),
    (route) => route.abort('internetdisconnected'),
  )
  // A routed WebSocket never opens, so the page reports none: it is recorded here.
  await page.routeWebSocket(
    (url) => !isLoopback(url.href),
    (socket) => {
      record(socket.url())
      return socket.close()
    },
  )
  return hosts
}

const modal = (page: Page) => page.locator('w3m-modal')
const walletRow = (page: Page, name: string) =>
  modal(page).locator('wui-list-wallet').filter({ hasText: name })

async function openModal(page: Page) {
  await page.locator('appkit-button').click()
  await expect(modal(page).getByText('Connect Wallet')).toBeVisible()
}

test('the modal lists the pack’s wallets with their icons; offline, AppKit’s own services fail and the modal still opens', async ({
  page,
}) => {
  const hosts = await outsideHosts(page)
  await page.goto(example)
  await openModal(page)
  for (const name of ['Passkey', 'MetaMask']) {
    await expect(walletRow(page, name)).toBeVisible()
    const icon = walletRow(page, name).locator('img')
    await expect(icon).toHaveAttribute('src', /^data:image\/svg\+xml,/)
    expect(
      await icon.evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0)
  }
  // AppKit's own WalletConnect, which draws its QR code once its relay answers: offline, never.
  await walletRow(page, 'WalletConnect').click()
  await expect(
    modal(page).getByText('Scan this QR Code with your phone'),
  ).toBeVisible()
  // What AppKit reaches for: its project config, wallet list, images and fonts, its telemetry (with
  // analytics off), Coinbase's SDK telemetry, and WalletConnect's relay. None answers here.
  const expectedHosts = [
    'api.web3modal.org',
    'cca-lite.coinbase.com',
    'fonts.reown.com',
    'pulse.walletconnect.org',
    'relay.walletconnect.org',
  ]
  await expect.poll(() => [...hosts].sort()).toEqual(expectedHosts)
})

test('passkey: the app’s sign-up beside the modal, a signature; after a disconnect in AppKit, the modal logs in with the same passkey', async ({
  page,
}) => {
  await addVirtualAuthenticator(page)
  await page.goto(example)
  const account = await signsUpInKitExample(page, 'appkit')

  await page.locator('appkit-button').click()
  await modal(page).getByText('Disconnect').click()
  await expect(page.getByLabel('Account')).toHaveCount(0)

  await openModal(page)
  await walletRow(page, 'Passkey').click()
  await expect(page.getByLabel('Account')).toHaveText(account)
  expect(await signsInKitExample(page)).toBe(account)
})

test.describe('on a phone without MetaMask', () => {
  test.use(phoneDevice('iPhone 13'))

  test('MetaMask in the modal opens the page in MetaMask’s browser', async ({
    page,
    baseURL,
  }) => {
    await expectMetaMaskBrowseLink(page, { example, baseURL }, async () => {
      await openModal(page)
      await walletRow(page, 'MetaMask').click()
    })
  })
})
