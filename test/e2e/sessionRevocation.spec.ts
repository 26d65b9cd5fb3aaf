import { expect, type Request, test } from '@playwright/test'
import type { Sandbox } from '../../sandbox/startSandbox.js'
import { signUp } from '../helpers/playgroundSteps.js'
import { addVirtualAuthenticator } from '../helpers/virtualAuthenticator.js'

const vendor = JSON.parse(
  process.env.SANDBOX_VENDOR ?? 'null',
) as Sandbox['vendor']

/** The page's request sent again word for word, stamp included, from outside the page. */
const replayStamped = (request: Request, headers: Record<string, string>) =>
  fetch(request.url(), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-stamp': headers['x-stamp']!,
    },
    body: request.postData()!,
  })

/** The session key's first request: the log-in's read-back of the key at the vendor. */
const stampedByKey = '/public/v1/query/get_api_keys'

/*
 * Disconnect in the playground revokes the session key at the vendor: a
 * request the key stamped before, replayed word for word afterwards, is
 * refused.
 */
test('after Disconnect, a request the session key stamped before is refused by the vendor', async ({
  page,
}) => {
  await page.goto('/')
  await addVirtualAuthenticator(page)
  const signed: Request[] = []
  page.on('request', (request) => {
    if (request.url().endsWith(stampedByKey)) signed.push(request)
  })
  await signUp(page, `revoked-${Date.now()}`)
  const [request] = signed
  expect(request).toBeDefined()
  const headers = await request!.allHeaders()
  expect(headers['x-stamp']).toBeDefined()
  const replay = () => replayStamped(request!, headers)
  // Connected, the stamp still works.
  expect((await replay()).status).toBe(200)

  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  expect((await replay()).status).toBe(401)
  expect(vendor.url).toBe(new URL(request!.url()).origin)
})

test('a sign-out before the wallet’s code loaded still revokes the session key the last visit stored', async ({
  page,
}) => {
  const harness = (reconnect: 'yes' | 'no') =>
    `/harness/connector.html?connector=passkeyWallet&reconnect=${reconnect}`
  await page.goto(harness('yes'))
  await page.waitForFunction(() => window.harness?.ready)
  await addVirtualAuthenticator(page)
  const signed: Request[] = []
  page.on('request', (request) => {
    if (request.url().endsWith(stampedByKey)) signed.push(request)
  })
  await page.evaluate(
    (name) => window.harness.signUp(name),
    `stored-${Date.now()}`,
  )
  const [request] = signed
  const headers = await request!.allHeaders()
  expect(headers['x-stamp']).toBeDefined()
  const replay = () => replayStamped(request!, headers)

  // The next visit: a host that does not reconnect, so the wallet's code never loads before the sign-out.
  const runtimeFetched: string[] = []
  page.on('request', (request) => {
    if (/\/passkeyRuntime\b/.test(request.url()))
      runtimeFetched.push(request.url())
  })
  await page.goto(harness('no'))
  await page.waitForFunction(() => window.harness?.ready)
  expect(runtimeFetched).toEqual([])
  expect((await replay()).status).toBe(200)
  await page.evaluate(() => window.harness.disconnect())
  expect((await replay()).status).toBe(401)
})
