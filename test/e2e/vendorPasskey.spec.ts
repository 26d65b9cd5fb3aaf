import { expect, test } from '@playwright/test'
import { type Hex, hashMessage, recoverMessageAddress } from 'viem'
import type { Sandbox } from '../../sandbox/startSandbox.js'
import {
  backendClient,
  ethereumAccount,
  toEthereumSignature,
} from '../helpers/vendorUsers.js'
import { addVirtualAuthenticator } from '../helpers/virtualAuthenticator.js'

const vendor = JSON.parse(
  process.env.SANDBOX_VENDOR ?? 'null',
) as Sandbox['vendor']

test('a Chromium passkey signs up, logs in and signs through the vendor emulator', async ({
  page,
}) => {
  await page.goto('/harness/vendor.html')
  await page.waitForFunction(() => 'vendorHarness' in window)
  const authenticator = await addVirtualAuthenticator(page)

  // The browser makes the passkey with the vendor's own library...
  const passkey = await page.evaluate(() =>
    window.vendorHarness.createPasskey('ada'),
  )
  // ...and the host backend creates the sub-organization with its parent key.
  const created = await backendClient(vendor).createSubOrganization({
    subOrganizationName: 'ada',
    rootQuorumThreshold: 1,
    rootUsers: [
      {
        userName: 'ada',
        apiKeys: [],
        authenticators: [passkey],
        oauthProviders: [],
      },
    ],
    wallet: { walletName: 'Default wallet', accounts: [ethereumAccount] },
  })
  const address = created.wallet!.addresses[0] as Hex

  // Log-in: a discoverable passkey asks the parent who it is.
  const whoami = await page.evaluate(() => window.vendorHarness.whoami())
  expect(whoami).toMatchObject({
    organizationId: created.subOrganizationId,
    username: 'ada',
  })

  const message = 'Signed in Chromium'
  const { activity } = await page.evaluate(
    ([organizationId, signWith, digest]) =>
      window.vendorHarness.signDigest(organizationId, signWith, digest),
    [created.subOrganizationId, address, hashMessage(message)] as const,
  )
  expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED')
  const { r, s, v } = activity.result.signRawPayloadResult!
  expect(
    await recoverMessageAddress({
      message,
      signature: toEthereumSignature({ r, s, v }),
    }),
  ).toBe(address)

  // Two assertions so far after registration: the authenticator's counter rose each time.
  const [credential] = await authenticator.credentials()
  expect(credential?.signCount).toBeGreaterThanOrEqual(2)
})

test('the emulator refuses a Chromium passkey it never registered', async ({
  page,
}) => {
  await page.goto('/harness/vendor.html')
  await page.waitForFunction(() => 'vendorHarness' in window)
  await addVirtualAuthenticator(page)
  const passkey = await page.evaluate(() =>
    window.vendorHarness.createPasskey('eve'),
  )
  // The passkey is never registered with the vendor: log-in must fail with the vendor's words.
  expect(passkey.attestation.credentialId).toBeTruthy()
  const outcome = await page.evaluate(() =>
    window.vendorHarness.whoami().then(
      () => 'accepted',
      (error: Error) => error.message,
    ),
  )
  expect(outcome).toMatch(
    /credential ID could not be found in organization or its parent organization/,
  )
})
