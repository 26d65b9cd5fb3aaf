import { expect, type Page, test } from '@playwright/test'
import { phoneDevice } from '../helpers/phoneDevice.js'
import { addVirtualAuthenticator } from '../helpers/virtualAuthenticator.js'

/*
 * passkeyWallet's code loads when the user reaches for it, never by idle
 * time: the playground calls connector.prepare() on pointerenter and focus
 * of its passkey buttons. Then the tap reaches the passkey prompt inside its
 * user activation, with nothing downloaded between them, as iOS requires.
 */

const runtimeChunk = /\/passkeyRuntime[^/]*\.js$/

/** The page's script downloads, as they start. */
function watchScripts(page: Page) {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  return scripts
}

/**
 * Records, at each passkey prompt (`navigator.credentials.create` / `get`),
 * whether the page still had the user's activation and how many scripts it
 * had fetched since the last tap began.
 */
async function watchPrompts(page: Page) {
  await page.addInitScript(() => {
    const scripts = () =>
      performance
        .getEntriesByType('resource')
        .filter(
          (entry) =>
            (entry as PerformanceResourceTiming).initiatorType === 'script',
        ).length
    const state = { scriptsAtTap: 0, prompts: [] as unknown[] }
    Object.assign(window, { promptsSeen: state })
    addEventListener('pointerdown', () => (state.scriptsAtTap = scripts()), {
      capture: true,
    })
    for (const method of ['create', 'get'] as const) {
      const original = navigator.credentials[method].bind(navigator.credentials)
      navigator.credentials[method] = (options?: never) => {
        state.prompts.push({
          method,
          activated: navigator.userActivation.isActive,
          scriptsSinceTap: scripts() - state.scriptsAtTap,
        })
        return original(options)
      }
    }
  })
  return () =>
    page.evaluate(
      () =>
        (window as unknown as { promptsSeen: { prompts: unknown[] } })
          .promptsSeen.prompts,
    )
}

test('a visitor who never reaches for the passkey wallet downloads none of its code; the pointer on its button loads it', async ({
  page,
}) => {
  const scripts = watchScripts(page)
  await page.clock.install()
  await page.goto('/')
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  // Ten seconds of the page's time, idle callbacks and timers included.
  await page.clock.runFor(10_000)
  await page.waitForLoadState('networkidle')
  expect(scripts.filter((url) => runtimeChunk.test(url))).toEqual([])

  const loaded = page.waitForRequest(runtimeChunk)
  await page.getByRole('button', { name: 'Log in with passkey' }).hover()
  await loaded
})

test.describe('on an iPhone', () => {
  test.use(phoneDevice('iPhone 13'))

  test('a tap after prepare() reaches the passkey prompt inside its activation, with no download between: sign-up, then log-in after a reload', async ({
    page,
  }) => {
    const prompts = await watchPrompts(page)
    await page.goto('/')
    await addVirtualAuthenticator(page)

    // Tapping the user name prepares the wallet; the tap on the button then prompts at once.
    const prepared = page.waitForResponse(runtimeChunk)
    await page.getByLabel('User name').tap()
    await prepared
    await page.waitForLoadState('networkidle')
    await page.getByLabel('User name').fill('tapper')
    await page.getByRole('button', { name: 'Create passkey wallet' }).tap()
    await expect(page.getByTestId('status')).toHaveText('connected')
    // The tap's prompt; the passkey then opens the session (a second prompt, after the account exists).
    expect((await prompts())[0]).toEqual({
      method: 'create',
      activated: true,
      scriptsSinceTap: 0,
    })

    await page.getByRole('button', { name: 'Disconnect' }).tap()
    await expect(page.getByTestId('status')).toHaveText('disconnected')
    await page.reload()
    const logIn = page.getByRole('button', { name: 'Log in with passkey' })
    const preparedAgain = page.waitForResponse(runtimeChunk)
    await logIn.focus()
    await preparedAgain
    await page.waitForLoadState('networkidle')
    await logIn.tap()
    await expect(page.getByTestId('status')).toHaveText('connected')
    expect(await prompts()).toEqual([
      { method: 'get', activated: true, scriptsSinceTap: 0 },
    ])
  })
})
