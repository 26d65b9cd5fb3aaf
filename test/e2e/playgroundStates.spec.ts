import { expect, type Page, test } from '@playwright/test'
import { verifyMessage } from 'viem'
import { phoneDevice } from '../helpers/phoneDevice.js'
import { playgroundScreenshot } from '../helpers/playgroundScreenshot.js'
import { signInPlayground } from '../helpers/playgroundSignature.js'
import { confirmSignUpEmail, signUp } from '../helpers/playgroundSteps.js'
import { withSandboxTools } from '../helpers/sandboxTools.js'
import { addVirtualAuthenticator } from '../helpers/virtualAuthenticator.js'

/**
 * The playground as a visitor sees it, state by state: the connect dialog,
 * pairing, sign-up, the connected account, errors where they happen, the
 * panels, the sandbox drawer, the dark theme and a phone. `npm run
 * screenshots` keeps a picture of each in docs/playground/.
 */

const dialog = (page: Page) =>
  page.getByRole('region', { name: 'Connect a wallet' })

/** The text a wallet row shows under its name. */
const walletState = (page: Page, name: string) =>
  dialog(page).getByRole('listitem').filter({ hasText: name }).first()

/** Whether the page is wider than the screen (a phone layout must not be). */
const overflowsSideways = (page: Page) =>
  page.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth + 1,
  )

/** The page's background, as a luminance from 0 (black) to 1 (white). */
const backgroundLuminance = (page: Page) =>
  page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.documentElement)
      .backgroundColor.match(/\d+/g)!
      .map(Number) as [number, number, number]
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
  })

test('the connect dialog lists every wallet with its icon and state, the recovery panel beside it', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  await expect(walletState(page, 'Passkey')).toContainText(
    'Face ID, Touch ID or a security key',
  )
  await expect(walletState(page, 'WalletConnect')).toContainText(
    "Scan with your phone's wallet",
  )
  // Desktop without the wallets: each dedicated one offers its install page.
  for (const name of ['MetaMask', 'Coinbase Wallet', 'Phantom', 'Rabby']) {
    await expect(walletState(page, name)).toContainText('Not installed')
    await expect(
      dialog(page).getByRole('link', { name: `Install ${name}` }),
    ).toBeVisible()
  }
  // Every row has an icon: the pack's wallets bring none, the playground draws them.
  await expect(dialog(page).locator('.wallet .wallet-icon')).toHaveCount(6)
  await expect(
    page.getByRole('region', { name: 'Recover your wallet' }),
  ).toBeVisible()
  // Nothing of the sandbox in the product's view until its drawer is opened.
  const drawer = page.locator('#sandbox-tools')
  await expect(drawer).toHaveCount(1)
  await expect(drawer).toBeHidden()
  await playgroundScreenshot(page, 'connect')
  // The keyboard follows the drawer in and back out.
  const toggle = page.getByRole('button', { name: 'Sandbox tools' })
  await toggle.click()
  await expect(drawer.getByRole('button', { name: 'Close' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(toggle).toBeFocused()

  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  expect(await backgroundLuminance(page)).toBeLessThan(0.15)
  await playgroundScreenshot(page, 'connect-dark')
  // The visitor's choice overrides the system's.
  await page.getByRole('button', { name: 'Dark theme' }).click()
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
  expect(await backgroundLuminance(page)).toBeGreaterThan(0.85)
})

test("Continue with Google: the provider's sign-in in its window, then the account asks for a passkey; recovery offers the providers", async ({
  page,
}) => {
  await page.goto('/')
  await addVirtualAuthenticator(page)
  const passkey = walletState(page, 'Passkey')
  await expect(
    passkey.getByRole('button', { name: 'Continue with Google' }),
  ).toBeVisible()
  await expect(
    passkey.getByRole('button', { name: 'Continue with Apple' }),
  ).toBeVisible()
  await expect(
    page
      .getByRole('region', { name: 'Recover your wallet' })
      .getByRole('button', { name: 'Recover with Google' }),
  ).toBeVisible()
  const opened = page.waitForEvent('popup')
  await passkey.getByRole('button', { name: 'Continue with Google' }).click()
  const signIn = await opened
  await expect(signIn.getByRole('heading')).toHaveText(
    'Sandbox identity provider',
  )
  await expect(passkey).toContainText(
    'Signing in with Google: finish in its window',
  )
  await playgroundScreenshot(signIn, 'provider-sign-in')
  await signIn
    .getByLabel('Someone else')
    .fill(`screenshot-${Date.now().toString(36)}`)
  const closed = signIn.waitForEvent('close')
  await signIn.getByRole('button', { name: 'Sign in as this person' }).click()
  await closed
  await expect(page.getByTestId('status')).toHaveText('connected')
  await expect(
    page.getByRole('region', { name: 'Add a passkey' }),
  ).toContainText('Your wallet has no passkey yet.')
  await expect(
    page.getByRole('region', { name: 'Sign-in methods' }),
  ).toBeVisible()
  await playgroundScreenshot(page, 'add-passkey')
})

test('pairing shows the QR code, the link to the wallet and the attempt, and cancelling ends it in place', async ({
  page,
}) => {
  await page.goto('/')
  await page.getByRole('button', { name: 'Pair with WalletConnect' }).click()
  await expect(page.getByRole('img', { name: 'Pairing QR code' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Open in wallet' })).toBeVisible()
  await expect(walletState(page, 'WalletConnect')).toContainText(
    'Waiting for the wallet: attempt 1 of 10',
  )
  await expect(page.getByTestId('status')).toHaveText('connecting')
  await playgroundScreenshot(dialog(page), 'pairing')

  // Pairing needs the sandbox's wallet: the drawer names it with the URI on screen.
  const uri = (await page.getByTestId('wc-uri').textContent())!.trim()
  await withSandboxTools(page, async (drawer) => {
    await expect(drawer.getByRole('heading').first()).toHaveText(
      'Sandbox tools',
    )
    await expect(drawer).toContainText(`npm run sandbox-wallet -- '${uri}'`)
    await playgroundScreenshot(drawer, 'sandbox-tools')
  })

  await page.getByRole('button', { name: 'Cancel pairing' }).click()
  // The drawer no longer offers the cancelled URI.
  await withSandboxTools(page, (drawer) =>
    expect(drawer).toContainText("npm run sandbox-wallet -- '<pairing URI>'"),
  )
  const section = page.getByRole('region', {
    name: 'WalletConnect',
    exact: true,
  })
  await expect(section.getByRole('alert')).toHaveText('Pairing aborted')
  await expect(page.getByRole('img', { name: 'Pairing QR code' })).toHaveCount(
    0,
  )
})

test('sign-up with an email code, then the account: a signature, an error where it happens, the export panel', async ({
  page,
}) => {
  await page.goto('/')
  await addVirtualAuthenticator(page)
  const email = `states-${Date.now()}@example.com`
  await confirmSignUpEmail(page, email)
  await playgroundScreenshot(dialog(page), 'sign-up-email-confirmed')
  const address = await signUp(page, 'ada', undefined)

  const signature = await signInPlayground(page, 'Hello from the playground')
  expect(
    await verifyMessage({
      address,
      message: 'Hello from the playground',
      signature,
    }),
  ).toBe(true)
  await expect(
    page.getByRole('heading', { name: 'Account', exact: true }),
  ).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Export your wallet' }),
  ).toBeVisible()
  await playgroundScreenshot(page, 'connected')

  // A refused switch shows in the switch's own card, nowhere else.
  const switchCard = page.getByRole('region', { name: 'Switch chain' })
  await switchCard.getByLabel('Chain id').fill('10')
  await switchCard.getByRole('button', { name: 'Switch to chain id' }).click()
  await expect(switchCard.getByRole('alert')).toBeVisible()
  await expect(page.locator('p.error[role=alert]')).toHaveCount(1)
  await playgroundScreenshot(switchCard, 'error-in-place')

  const panel = page.getByRole('region', { name: 'Export your wallet' })
  await panel.getByRole('button', { name: 'Export seed phrase' }).click()
  await expect(panel.getByText(/Anyone who sees it can take/)).toBeVisible()
  await playgroundScreenshot(panel, 'export')
})

test.describe('on a phone', () => {
  test.use(phoneDevice('iPhone 13'))

  test('one column with nothing off-screen; wallets not installed open the page in their app', async ({
    page,
  }) => {
    await page.goto('/')
    await expect(
      page.getByRole('button', { name: 'Open in MetaMask' }),
    ).toBeVisible()
    await expect(walletState(page, 'Phantom')).toContainText('Open in Phantom')
    expect(await overflowsSideways(page)).toBe(false)
    // The connect dialog and the recovery panel stack, one above the other.
    const dialogBox = (await dialog(page).boundingBox())!
    const recoveryBox = (await page
      .getByRole('region', { name: 'Recover your wallet' })
      .boundingBox())!
    expect(recoveryBox.y).toBeGreaterThanOrEqual(dialogBox.y + dialogBox.height)
    await playgroundScreenshot(page, 'connect-phone')
    // The drawer fits the screen: it is fixed, so only its box tells.
    await withSandboxTools(page, async (drawer) => {
      const box = (await drawer.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width)
    })
  })
})
