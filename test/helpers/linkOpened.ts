import type { Page } from '@playwright/test'

/** The URL of the wallet's link service that `tap` sends the page to, answered locally. */
export async function linkOpened(
  page: Page,
  linkHost: string,
  tap: () => Promise<void>,
) {
  const navigation = page.waitForRequest(
    (request) => new URL(request.url()).host === linkHost,
  )
  await page.route(`https://${linkHost}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: 'opening the app' }),
  )
  await tap()
  return (await navigation).url()
}

/** Records the links the page opens instead of leaving it. */
export async function recordOpenedLinks(page: Page) {
  await page.addInitScript(() => {
    const opened: [string, string | undefined][] = []
    Object.assign(window, { openedLinks: opened })
    window.open = (url, target) => {
      opened.push([String(url), target])
      return null
    }
  })
}

/** The links the page opened since `recordOpenedLinks`, with their targets. */
export const openedLinks = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { openedLinks: [string, string | undefined][] })
        .openedLinks,
  )
