import { expect, type Locator, type Page, test } from '@playwright/test'
import { documentedPanelStep } from './documentedPanelStep.js'

/** The panel at `step` shows the roles and names docs/panels.md gives for it. */
export async function expectAsDocumented(panel: Locator, step: string) {
  await expect(panel).toMatchAriaSnapshot(documentedPanelStep(step))
}

/** One picture per panel step, kept with the test's results for review. */
export async function screenshot(locator: Locator, name: string) {
  const path = test.info().outputPath(`${name}.png`)
  await locator.screenshot({ path })
  await test.info().attach(name, { path, contentType: 'image/png' })
}

/** Presses Tab until `target` has focus: the panel must be reachable by keyboard alone. */
export async function tabTo(page: Page, target: Locator, limit = 60) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement))
      return
    await page.keyboard.press('Tab')
  }
  throw new Error('not reachable with Tab')
}
