import type { Page } from '@playwright/test'
import type {
  ConnectorHarness,
  HarnessConnector,
} from '../../playground/harness/connector.js'
import type { Playground } from '../../playground/startPlayground.js'

declare const window: { harness: ConnectorHarness }

/**
 * Opens playground/harness/connector.html: one connector alone in a wagmi
 * config on the sandbox, driven with wagmi's core actions (`window.harness`).
 */
export async function openConnectorHarness(
  page: Page,
  playground: Playground,
  connector: HarnessConnector,
  query: Record<string, string> = {},
) {
  const url = new URL('harness/connector.html', playground.url)
  url.searchParams.set('connector', connector)
  for (const [name, value] of Object.entries(query))
    url.searchParams.set(name, value)
  await page.goto(url.href)
  await page.waitForFunction(() => window.harness?.ready)
}

/**
 * Sends every message at once through wagmi's signMessage; the signatures in
 * the order sent, and the order in which they resolved.
 */
export function signAllAtOnce(page: Page, messages: string[]) {
  return page.evaluate(async (messages) => {
    const resolved: number[] = []
    const signatures = await Promise.all(
      messages.map((message, index) =>
        window.harness.signMessage(message).then((signature) => {
          resolved.push(index)
          return signature
        }),
      ),
    )
    return { signatures, resolved }
  }, messages)
}
