import { expect, type Page, test } from '@playwright/test'
import type { Hex } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { type SandboxChainUrls, sandboxChains } from '../../sandbox/chains.js'
import { setAccountName } from '../../sandbox/contracts/nameResolver.js'
import type { Sandbox } from '../../sandbox/startSandbox.js'
import { expectAsDocumented, screenshot, tabTo } from '../helpers/panelSteps.js'
import { placesInHostPage } from '../helpers/placesInHostPage.js'
import { signUpFresh } from '../helpers/playgroundSteps.js'
import { vendorRequests } from '../helpers/vendorRequests.js'

const vendor = JSON.parse(
  process.env.SANDBOX_VENDOR ?? 'null',
) as Sandbox['vendor']

const panel = (page: Page) =>
  page.getByRole('region', { name: 'Export your wallet' })
const frame = (page: Page) => page.frameLocator('.wcp-frame iframe')

async function confirmExport(page: Page, kind: 'seed phrase' | 'private key') {
  await panel(page)
    .getByRole('button', { name: `Export ${kind}` })
    .click()
  await expect(
    panel(page).getByText(/Anyone who sees it can take/),
  ).toBeVisible()
  const show = panel(page).getByRole('button', { name: `Show ${kind}` })
  await expect(show).toBeDisabled()
  await panel(page)
    .getByRole('checkbox', { name: /I understand/ })
    .check()
  await show.click()
}

test('the panel shows the account it exports, with its name on Base once it has one', async ({
  page,
}) => {
  const { address } = await signUpFresh(page, 'nadia')
  const account = panel(page).locator('.wcp-account')
  await expect(account).toHaveText(address)
  const [, base] = sandboxChains(
    JSON.parse(process.env.SANDBOX_RPC_URLS ?? 'null') as SandboxChainUrls,
  )
  await setAccountName(base, address, 'nadia.base.eth')
  await page.reload()
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(account).toHaveText(`nadia.base.eth ${address}`)
})

test('the seed phrase appears only in the cross-origin frame, after the passkey, and derives the address', async ({
  page,
}) => {
  const { address, authenticator } = await signUpFresh(page, 'olga')
  const requests = vendorRequests(page, vendor.url)
  const assertions = (await authenticator.credentials())[0]!.signCount

  // The panel's body has replaced its placeholder (the region is rendered anew).
  await expect(
    panel(page).getByRole('button', { name: 'Export seed phrase' }),
  ).toBeVisible()
  // Keyboard only: Tab to the button, Enter; focus lands on the confirmation.
  await screenshot(panel(page), 'export-1-start')
  await expectAsDocumented(panel(page), 'export-start')
  await tabTo(
    page,
    panel(page).getByRole('button', { name: 'Export seed phrase' }),
  )
  await page.keyboard.press('Enter')
  const understood = panel(page).getByRole('checkbox', {
    name: /I understand/,
  })
  await expect(understood).toBeFocused()
  await expect(
    panel(page).getByText(/Anyone who sees it can take/),
  ).toBeVisible()
  await screenshot(panel(page), 'export-2-warning')
  await expectAsDocumented(panel(page), 'export-warning')
  await page.keyboard.press('Space')
  await page.keyboard.press('Tab')
  await expect(
    panel(page).getByRole('button', { name: 'Show seed phrase' }),
  ).toBeFocused()
  await page.keyboard.press('Enter')
  const phrase = frame(page).getByRole('region', {
    name: 'Secret recovery phrase',
  })
  await expect(phrase).toBeVisible()
  await expect(
    panel(page).getByRole('button', { name: 'Hide seed phrase' }),
  ).toBeFocused()
  await screenshot(panel(page), 'export-3-shown')
  await expectAsDocumented(panel(page), 'export-shown')
  const mnemonic = (await phrase.getByRole('listitem').allTextContents()).join(
    ' ',
  )
  expect(mnemonic.split(' ')).toHaveLength(12)
  expect(mnemonicToAccount(mnemonic).address).toBe(address)
  await expect(panel(page).getByRole('status')).toHaveText(
    /shown below, in a secure frame this page cannot read/,
  )

  // A fresh passkey assertion authorised it, not the session key.
  expect((await authenticator.credentials())[0]!.signCount).toBe(assertions + 1)
  expect(requests).toEqual(['submit/export_wallet'])
  // The frame is on another origin than the host page.
  const frameUrl = await page.locator('.wcp-frame iframe').getAttribute('src')
  expect(new URL(frameUrl!).origin).not.toBe(new URL(page.url()).origin)
  expect(await placesInHostPage(page, mnemonic)).toEqual([])
  expect(
    await placesInHostPage(page, mnemonic.split(' ').slice(0, 3).join(' ')),
  ).toEqual([])

  // Hiding removes the frame and the secret with it.
  await panel(page).getByRole('button', { name: 'Hide seed phrase' }).click()
  await expect(page.locator('.wcp-frame iframe')).toHaveCount(0)

  // The private key of the account, the same way.
  await confirmExport(page, 'private key')
  const key = frame(page).locator('.secret.key')
  await expect(key).toBeVisible()
  const privateKey = (await key.textContent())!.trim() as Hex
  expect(privateKeyToAccount(privateKey).address).toBe(address)
  expect(await placesInHostPage(page, privateKey.slice(2))).toEqual([])
})

test('cancelling the passkey re-verification exports nothing', async ({
  page,
}) => {
  await signUpFresh(page, 'nils')
  const requests = vendorRequests(page, vendor.url)
  // The user closes the passkey sheet: Chrome rejects with exactly this.
  await page.evaluate(() => {
    navigator.credentials.get = () =>
      Promise.reject(
        new DOMException(
          'The operation either timed out or was not allowed.',
          'NotAllowedError',
        ),
      )
  })
  await confirmExport(page, 'seed phrase')
  await expect(panel(page).getByRole('alert')).toHaveText(
    /passkey prompt was closed\. Nothing was changed/,
  )
  expect(requests).toEqual([])
  await expect(page.locator('.wcp-frame iframe')).toHaveCount(0)
  // Back at the start, ready to try again.
  await expect(
    panel(page).getByRole('button', { name: 'Export seed phrase' }),
  ).toBeVisible()
})
