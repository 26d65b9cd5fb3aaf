import { chromium } from '@playwright/test'
import { startPlayground } from '../playground/startPlayground.js'
import { chromiumArgs, chromiumPath } from '../test/helpers/chromium.js'
import { fundFromFaucet } from '../test/helpers/sandboxTools.js'
import { addVirtualAuthenticator } from '../test/helpers/virtualAuthenticator.js'
import { percentile } from './percentile.js'

export type PasskeyLatency = {
  session: 'session key' | 'passkey every time'
  signUpMs: number
  logInMs: number
  signMessageP50Ms: number
  signMessageP95Ms: number
  /** Click to transaction hash (submitted, not yet confirmed), median. */
  sendTransactionMs: number
}

const median = (values: number[], p = 0.5) => percentile(values, p)

/**
 * passkeyWallet in Chromium against the sandbox, through the playground:
 * sign-up, log-in, sign-message and send-transaction latency with and without
 * the session key (vendor round trips: bench/roundTrips.ts).
 */
export async function passkeyBrowser({ signatures = 10 } = {}) {
  const playground = await startPlayground({ port: 0, strictPort: true })
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: chromiumArgs,
  })
  const latency: PasskeyLatency[] = []
  try {
    for (const mode of ['session key', 'passkey every time'] as const) {
      const page = await browser.newPage()
      await page.goto(
        `${playground.url}${mode === 'session key' ? '' : '?session=off'}`,
      )
      await addVirtualAuthenticator(page)
      const startedAt = performance.now()
      await page.getByLabel('User name').fill('bench')
      await page.getByRole('button', { name: 'Create passkey wallet' }).click()
      await page
        .getByTestId('status')
        .filter({ hasText: 'connected' })
        .waitFor()
      const signUpMs = performance.now() - startedAt
      const times: number[] = []
      for (let i = 0; i < signatures; i++) {
        await page.getByLabel('Message').fill(`message ${i}`)
        const before = performance.now()
        await page.getByRole('button', { name: 'Sign', exact: true }).click()
        await page.getByTestId('signature').waitFor()
        await page
          .getByRole('button', { name: 'Sign', exact: true })
          .and(page.locator(':enabled'))
          .waitFor()
        times.push(performance.now() - before)
      }
      await fundFromFaucet(page)
      await page.getByTestId('eth-balance').filter({ hasText: '1' }).waitFor()
      await page.getByLabel('ETH amount').fill('0.001')
      const sends: number[] = []
      for (let i = 0; i < Math.max(2, Math.ceil(signatures / 3)); i++) {
        const previous = /0x[0-9a-f]{64}/.exec(
          (await page
            .getByTestId('eth-tx')
            .textContent({ timeout: 1 })
            .catch(() => null)) ?? '',
        )?.[0]
        const before = performance.now()
        await page.getByRole('button', { name: 'Send ETH' }).click()
        // Done when a new transaction hash shows.
        await page.waitForFunction((shown) => {
          const text = document.querySelector(
            '[data-testid="eth-tx"]',
          )?.textContent
          const hash = /0x[0-9a-f]{64}/.exec(text ?? '')?.[0]
          return hash !== undefined && hash !== shown
        }, previous)
        sends.push(performance.now() - before)
      }
      await page.getByRole('button', { name: 'Sign typed data' }).click()
      await page.getByTestId('typed-signature').waitFor()
      await page.reload()
      await page
        .getByTestId('status')
        .filter({ hasText: 'connected' })
        .waitFor()
      await page.getByRole('button', { name: 'Disconnect' }).click()
      const logInStarted = performance.now()
      await page.getByRole('button', { name: 'Log in with passkey' }).click()
      await page
        .getByTestId('status')
        .filter({ hasText: 'connected' })
        .waitFor()
      const logInMs = performance.now() - logInStarted
      latency.push({
        session: mode,
        signUpMs: Math.round(signUpMs),
        logInMs: Math.round(logInMs),
        sendTransactionMs: Math.round(median(sends)),
        signMessageP50Ms: Math.round(median(times)),
        signMessageP95Ms: Math.round(median(times, 0.95)),
      })
      await page.close()
    }
  } finally {
    await browser.close()
    await playground.stop()
  }
  return { latency }
}
