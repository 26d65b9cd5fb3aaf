import { chromium } from '@playwright/test'
import { startPlayground } from '../playground/startPlayground.js'
import { chromiumArgs, chromiumPath } from '../test/helpers/chromium.js'
import { addVirtualAuthenticator } from '../test/helpers/virtualAuthenticator.js'

export type PasskeyLatency = {
  session: 'session key' | 'passkey every time'
  signUpMs: number
  signMessageP50Ms: number
  signMessageP95Ms: number
}

export type PasskeyRoundTrips = {
  operation: string
  vendorRequests: number
  /** What the protocol needs at the least. */
  least: number
}

const median = (values: number[], p = 0.5) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.floor(values.length * p))
  ]!

/**
 * passkeyWallet in Chromium against the sandbox, through the playground:
 * sign-up and sign-message latency with and without the session key, and the
 * vendor requests each operation sends.
 */
export async function passkeyBrowser({ signatures = 10 } = {}) {
  const playground = await startPlayground({ port: 0, strictPort: true })
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: chromiumArgs,
  })
  const vendorUrl = playground.sandbox.vendor.url
  const latency: PasskeyLatency[] = []
  const roundTrips: PasskeyRoundTrips[] = []
  try {
    for (const mode of ['session key', 'passkey every time'] as const) {
      const page = await browser.newPage()
      const requests: string[] = []
      page.on('request', (request) => {
        if (request.url().startsWith(vendorUrl) && request.method() === 'POST')
          requests.push(request.url())
      })
      const count = async (
        operation: string,
        least: number,
        action: () => Promise<void>,
      ) => {
        requests.length = 0
        await action()
        if (mode === 'session key')
          roundTrips.push({ operation, vendorRequests: requests.length, least })
      }
      await page.goto(
        `${playground.url}${mode === 'session key' ? '' : '?session=off'}`,
      )
      await addVirtualAuthenticator(page)
      const startedAt = performance.now()
      await count('sign up (passkey + session)', 2, async () => {
        await page.getByLabel('User name').fill('bench')
        await page
          .getByRole('button', { name: 'Create passkey wallet' })
          .click()
        await page
          .getByTestId('status')
          .filter({ hasText: 'connected' })
          .waitFor()
      })
      const signUpMs = performance.now() - startedAt
      const times: number[] = []
      for (let i = 0; i < signatures; i++) {
        await page.getByLabel('Message').fill(`message ${i}`)
        const before = performance.now()
        await count('sign message', 1, async () => {
          await page.getByRole('button', { name: 'Sign', exact: true }).click()
          await page.getByTestId('signature').waitFor()
          await page
            .getByRole('button', { name: 'Sign', exact: true })
            .and(page.locator(':enabled'))
            .waitFor()
        })
        times.push(performance.now() - before)
      }
      await count('sign typed data', 1, async () => {
        await page.getByRole('button', { name: 'Sign typed data' }).click()
        await page.getByTestId('typed-signature').waitFor()
      })
      await count('reconnect after reload', 0, async () => {
        await page.reload()
        await page
          .getByTestId('status')
          .filter({ hasText: 'connected' })
          .waitFor()
      })
      await count('log in (after disconnect)', 2, async () => {
        await page.getByRole('button', { name: 'Disconnect' }).click()
        await page.getByRole('button', { name: 'Connect Passkey' }).click()
        await page
          .getByTestId('status')
          .filter({ hasText: 'connected' })
          .waitFor()
      })
      latency.push({
        session: mode,
        signUpMs: Math.round(signUpMs),
        signMessageP50Ms: Math.round(median(times)),
        signMessageP95Ms: Math.round(median(times, 0.95)),
      })
      await page.close()
    }
  } finally {
    await browser.close()
    await playground.stop()
  }
  // Sign message ran `signatures` times; keep one row per operation.
  const unique = roundTrips.filter(
    (row, index) =>
      roundTrips.findIndex((r) => r.operation === row.operation) === index,
  )
  return { latency, roundTrips: unique }
}
