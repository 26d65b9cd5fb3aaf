import { expect, type Request, test } from '@playwright/test'
import type { Sandbox } from '../../sandbox/startSandbox.js'
import { addVirtualAuthenticator } from '../helpers/virtualAuthenticator.js'
import { sign, signUp } from '../reliability/browser/playgroundSteps.js'

const vendor = JSON.parse(
  process.env.SANDBOX_VENDOR ?? 'null',
) as Sandbox['vendor']

/*
 * Disconnect in the playground revokes the session key at the vendor: a
 * signature request the page sent before, replayed word for word afterwards,
 * is refused.
 */
test('after Disconnect, a request the session key stamped before is refused by the vendor', async ({
  page,
}) => {
  await page.goto('/')
  await addVirtualAuthenticator(page)
  await signUp(page, `revoked-${Date.now()}`)
  const signed: Request[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/public/v1/submit/sign_raw_payload'))
      signed.push(request)
  })
  await sign(page, 'signed with the session key')
  const [request] = signed
  expect(request).toBeDefined()
  const headers = await request!.allHeaders()
  expect(headers['x-stamp']).toBeDefined()
  const replay = () =>
    fetch(request!.url(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-stamp': headers['x-stamp']!,
      },
      body: request!.postData()!,
    })
  // Connected, the stamp still works.
  expect((await replay()).status).toBe(200)

  await page.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByTestId('status')).toHaveText('disconnected')
  expect((await replay()).status).toBe(401)
  expect(vendor.url).toBe(new URL(request!.url()).origin)
})
