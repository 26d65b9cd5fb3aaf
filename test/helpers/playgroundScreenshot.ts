import { join } from 'node:path'
import { type Locator, type Page, test } from '@playwright/test'

/**
 * A picture of the page, or of one part of it, for review, attached to the
 * test's results; with PLAYGROUND_SCREENSHOTS set (`npm run screenshots`),
 * also written to that folder, which docs/playground.md shows.
 */
export async function playgroundScreenshot(
  target: Page | Locator,
  name: string,
) {
  const folder = process.env.PLAYGROUND_SCREENSHOTS
  const path = folder
    ? join(folder, `${name}.png`)
    : test.info().outputPath(`${name}.png`)
  // CSS pixels, so that a phone's picture is no larger than a desktop's.
  const options = {
    path,
    scale: 'css',
    animations: 'disabled',
    caret: 'hide',
  } as const
  if ('goto' in target) await target.screenshot({ ...options, fullPage: true })
  else await target.screenshot(options)
  await test.info().attach(name, { path, contentType: 'image/png' })
}
