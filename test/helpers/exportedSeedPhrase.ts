import { expect, type Page } from '@playwright/test'

/** The page's ExportPanel taken through its steps; the phrase as the frame shows it. */
export async function exportedSeedPhrase(page: Page): Promise<string> {
  const panel = page.getByRole('region', { name: 'Export your wallet' })
  await panel.getByRole('button', { name: 'Export seed phrase' }).click()
  await panel.getByRole('checkbox', { name: /I understand/ }).check()
  await panel.getByRole('button', { name: 'Show seed phrase' }).click()
  const phrase = page
    .frameLocator('.wcp-frame iframe')
    .getByRole('region', { name: 'Secret recovery phrase' })
  await expect(phrase).toBeVisible()
  return (await phrase.getByRole('listitem').allTextContents()).join(' ')
}
