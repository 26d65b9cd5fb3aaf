import { expect, type Page, test } from '@playwright/test'
import type { Hex } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { startExportFrameServer } from '../../sandbox/exportFrame/startExportFrameServer.js'
import type { Sandbox } from '../../sandbox/startSandbox.js'
import { placesInHostPage } from '../helpers/placesInHostPage.js'
import { backendClient, lastEmail, signUp } from '../helpers/vendorUsers.js'

const vendor = JSON.parse(
  process.env.SANDBOX_VENDOR ?? 'null',
) as Sandbox['vendor']
const exportFrameUrl = process.env.SANDBOX_EXPORT_FRAME_URL ?? ''

type User = Awaited<ReturnType<typeof signUp>>

/** The host page, on the playground's origin (localhost); the frame is on 127.0.0.1. */
async function openHostPage(page: Page) {
  await page.goto('/harness/export.html')
  await page.waitForFunction(() => 'exportHarness' in window)
}

/** A fresh export frame in the host page; its one-time key. */
async function openExportFrame(page: Page) {
  const opened = await page.evaluate(
    (url) => window.exportHarness.open(url),
    exportFrameUrl,
  )
  if (!opened.ok) throw new Error(`${opened.name}: ${opened.message}`)
  return opened.value
}

const timestampMs = () => String(Date.now())

/** The user's own export_wallet call (stamped with their passkey), encrypted to `targetPublicKey`. */
async function exportWallet(user: User, targetPublicKey: string) {
  const { wallets } = await user.client.getWallets({
    organizationId: user.organizationId,
  })
  const { activity } = await user.client.exportWallet({
    type: 'ACTIVITY_TYPE_EXPORT_WALLET',
    timestampMs: timestampMs(),
    organizationId: user.organizationId,
    parameters: { walletId: wallets[0]!.walletId, targetPublicKey },
  })
  return activity.result.exportWalletResult!.exportBundle
}

/** The account's private key, exported by the vendor to `targetPublicKey`. */
async function exportAccount(user: User, targetPublicKey: string) {
  const { activity } = await user.client.exportWalletAccount({
    type: 'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT',
    timestampMs: timestampMs(),
    organizationId: user.organizationId,
    parameters: { address: user.address, targetPublicKey },
  })
  return activity.result.exportWalletAccountResult!.exportBundle
}

const injectWalletBundle = (
  page: Page,
  bundle: string,
  organizationId: string,
) =>
  page.evaluate(
    ([bundle, organizationId]) =>
      window.exportHarness.injectWalletBundle(bundle, organizationId),
    [bundle, organizationId] as const,
  )

const frame = (page: Page) => page.frameLocator('#export iframe')

async function shownMnemonic(page: Page) {
  const phrase = frame(page).getByRole('region', {
    name: 'Secret recovery phrase',
  })
  await expect(phrase).toBeVisible()
  return (await phrase.getByRole('listitem').allTextContents()).join(' ')
}

test('the recovery phrase shows inside the export frame, never in the host page', async ({
  page,
}) => {
  const user = await signUp(vendor, 'grace')
  await openHostPage(page)
  const publicKey = await openExportFrame(page)
  expect(publicKey).toMatch(/^04[0-9a-f]{128}$/)
  const bundle = await exportWallet(user, publicKey)

  expect(await injectWalletBundle(page, bundle, user.organizationId)).toEqual({
    ok: true,
  })
  const mnemonic = await shownMnemonic(page)
  expect(mnemonic.split(' ')).toHaveLength(12)
  expect(mnemonicToAccount(mnemonic).address).toBe(user.address)
  await expect(frame(page).getByText(/never share it/)).toBeVisible()
  expect(await placesInHostPage(page, mnemonic)).toEqual([])

  // The frame's key opened one export; the same bundle again is refused.
  const again = await injectWalletBundle(page, bundle, user.organizationId)
  expect(again).toEqual({
    ok: false,
    name: 'FrameError',
    message: expect.stringMatching(
      /does not decrypt with this frame’s key: each key opens one export/,
    ),
  })
  await expect(frame(page).getByRole('alert')).toHaveText(
    /does not decrypt with this frame’s key/,
  )
  expect(await shownMnemonic(page)).toBe(mnemonic)
  expect(await placesInHostPage(page, mnemonic)).toEqual([])
})

test('a bundle for another organization is refused, and the key still opens the right one', async ({
  page,
}) => {
  const [ada, eve] = [await signUp(vendor, 'ada'), await signUp(vendor, 'eve')]
  await openHostPage(page)
  const publicKey = await openExportFrame(page)
  const evesBundle = await exportWallet(eve, publicKey)

  // Eve's wallet, handed over as Ada's export.
  const refused = await injectWalletBundle(page, evesBundle, ada.organizationId)
  const message = `The export bundle belongs to organization ${eve.organizationId}, not to ${ada.organizationId}.`
  expect(refused).toEqual({ ok: false, name: 'FrameError', message })
  await expect(frame(page).getByRole('alert')).toHaveText(message)
  await expect(frame(page).getByRole('heading')).toHaveCount(0)

  expect(
    await injectWalletBundle(page, evesBundle, eve.organizationId),
  ).toEqual({ ok: true })
  expect(mnemonicToAccount(await shownMnemonic(page)).address).toBe(eve.address)
  await expect(frame(page).getByRole('alert')).toBeHidden()
})

test('an account’s private key shows inside the export frame', async ({
  page,
}) => {
  const user = await signUp(vendor, 'lovelace')
  await openHostPage(page)
  const publicKey = await openExportFrame(page)
  const bundle = await exportAccount(user, publicKey)

  const injected = await page.evaluate(
    ([bundle, organizationId, address]) =>
      window.exportHarness.injectKeyBundle(bundle, organizationId, address),
    [bundle, user.organizationId, user.address] as const,
  )
  expect(injected).toEqual({ ok: true })
  const shown = frame(page).getByRole('region', { name: 'Private key' })
  await expect(shown.getByText(`Account ${user.address}`)).toBeVisible()
  const privateKey = (await shown
    .getByText(/^0x[0-9a-f]{64}$/)
    .textContent()) as Hex
  expect(privateKeyToAccount(privateKey).address).toBe(user.address)
  expect(await placesInHostPage(page, privateKey.slice(2))).toEqual([])

  // A second frame on the same page gets a different key.
  expect(await openExportFrame(page)).not.toBe(publicKey)
})

test('a private key asked for another account than its own is not shown', async ({
  page,
}) => {
  const user = await signUp(vendor, 'babbage')
  await openHostPage(page)
  const publicKey = await openExportFrame(page)
  const bundle = await exportAccount(user, publicKey)
  const otherAddress = '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb'

  const injected = await page.evaluate(
    ([bundle, organizationId, address]) =>
      window.exportHarness.injectKeyBundle(bundle, organizationId, address),
    [bundle, user.organizationId, otherAddress] as const,
  )
  expect(injected).toMatchObject({ ok: false })
  await expect(frame(page).getByRole('alert')).toContainText(
    `The exported key belongs to ${user.address}, not to the account ${otherAddress}`,
  )
  await expect(
    frame(page).getByRole('region', { name: 'Private key' }),
  ).toBeHidden()
  await expect(frame(page).getByText(/0x[0-9a-f]{64}/)).toHaveCount(0)
})

test('a frame that never answers is given up after the timeout, and removed', async ({
  page,
}) => {
  await openHostPage(page)
  const opened = await page.evaluate(
    (url) => window.exportHarness.open(url, 1000),
    `${exportFrameUrl}not-the-frame`,
  )
  expect(opened).toEqual({
    ok: false,
    name: 'FrameError',
    message: 'The export frame did not respond. Please try again.',
  })
  await expect(page.locator('#export iframe')).toHaveCount(0)
})

test('a page its host did not list: the frame says so, and never gives it a key', async ({
  page,
}) => {
  // Served with a frame-ancestors header that lets it load here, as a host
  // who forgot the header would: the frame's own list still refuses.
  const elsewhere = await startExportFrameServer({
    signerPublicKey: `04${'ab'.repeat(64)}`,
    frameAncestors: ['http://localhost:*'],
    parentOrigins: ['https://app.example.com'],
  })
  try {
    await openHostPage(page)
    const hostOrigin = new URL(page.url()).origin
    await page.evaluate((url) => {
      ;(window as unknown as { opening: unknown }).opening =
        window.exportHarness.open(url, 10_000)
    }, elsewhere.url)
    await expect(frame(page).getByRole('alert')).toHaveText(
      `This frame does not work inside ${hostOrigin}: its host lists the pages that may use it in its wagmi-connector-pack-parent-origins tag.`,
    )
    expect(
      await page.evaluate(
        () => (window as unknown as { opening: unknown }).opening,
      ),
    ).toMatchObject({ ok: false, name: 'FrameError' })
  } finally {
    await elsewhere.stop()
  }
})

test('the vendor’s own iframe client (@turnkey/iframe-stamper 2.x) drives the frame', async ({
  page,
}) => {
  const user = await signUp(vendor, 'hamilton')
  await openHostPage(page)
  const publicKey = await page.evaluate(
    (url) => window.exportHarness.openWithVendorSdk(url),
    exportFrameUrl,
  )
  expect(publicKey).toMatch(/^04[0-9a-f]{128}$/)
  const bundle = await exportWallet(user, publicKey!)

  const injected = await page.evaluate(
    ([bundle, organizationId]) =>
      window.exportHarness.vendorSdkInjectWalletBundle(bundle, organizationId),
    [bundle, user.organizationId] as const,
  )
  expect(injected).toEqual({ ok: true, value: true })
  expect(mnemonicToAccount(await shownMnemonic(page)).address).toBe(
    user.address,
  )
  // The key that opened the export is gone; the frame holds a new one.
  const next = await page.evaluate(() =>
    window.exportHarness.vendorSdkEmbeddedPublicKey(),
  )
  expect(next).toMatch(/^04[0-9a-f]{128}$/)
  expect(next).not.toBe(publicKey)
})

test('a recovery code injected through the vendor’s own client stays in the frame, which stamps with it', async ({
  page,
}) => {
  const user = await signUp(vendor, 'noether')
  await openHostPage(page)
  const publicKey = await page.evaluate(
    (url) => window.exportHarness.openWithVendorSdk(url),
    exportFrameUrl,
  )
  await backendClient(vendor).emailAuth({
    organizationId: user.organizationId,
    email: user.email,
    targetPublicKey: publicKey!,
    emailCustomization: { appName: 'frame test' },
  })
  const { secret: code } = await lastEmail(vendor, user.email)

  // A code altered on the way (one character before the last, always changed) is refused,
  // and nothing can be stamped.
  const at = code.length - 2
  const altered = `${code.slice(0, at)}${code[at] === '1' ? '2' : '1'}${code.slice(at + 1)}`
  expect(altered).not.toBe(code)
  expect(
    await page.evaluate(
      (bundle) => window.exportHarness.vendorSdkInjectCredentialBundle(bundle),
      altered,
    ),
  ).toMatchObject({ ok: false })
  expect(
    await page.evaluate(() => window.exportHarness.vendorSdkWhoami()),
  ).toMatchObject({ ok: false })

  expect(
    await page.evaluate(
      (bundle) => window.exportHarness.vendorSdkInjectCredentialBundle(bundle),
      code,
    ),
  ).toEqual({ ok: true, value: true })
  const whoami = await page.evaluate(() =>
    window.exportHarness.vendorSdkWhoami(),
  )
  expect(whoami).toMatchObject({
    ok: true,
    value: { organizationId: user.organizationId, userId: user.userId },
  })
})
