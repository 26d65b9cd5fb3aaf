import type { Locator, Page } from '@playwright/test'

/** Opens the playground's sandbox drawer, runs `use` in it, and closes it, so that it covers nothing after. */
export async function withSandboxTools<result>(
  page: Page,
  use: (drawer: Locator) => Promise<result>,
) {
  const toggle = page.getByRole('button', { name: 'Sandbox tools' })
  if ((await toggle.getAttribute('aria-expanded')) !== 'true')
    await toggle.click()
  const drawer = page.getByRole('complementary', { name: 'Sandbox tools' })
  const result = await use(drawer)
  await drawer.getByRole('button', { name: 'Close' }).click()
  return result
}

/** Funds the connected account with the sandbox faucet: 1 ETH and 100 SBX on both chains. */
export function fundFromFaucet(page: Page) {
  return withSandboxTools(page, async (drawer) => {
    await drawer.getByRole('button', { name: /sandbox faucet/ }).click()
    await drawer.getByRole('status').filter({ hasText: 'Sent to' }).waitFor()
  })
}
