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
