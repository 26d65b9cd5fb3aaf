import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { TurnkeyClient } from '@turnkey/http'
import { expect, it } from 'vitest'
import { startVendor } from '../../sandbox/turnkey/startVendor.js'
import { backendClient, signUp } from '../helpers/vendorUsers.js'

it('keeps keys, wallets and passkeys across a restart with a data file', async () => {
  const dataFile = join(mkdtempSync(join(tmpdir(), 'vendor-')), 'vendor.json')
  const first = await startVendor({ dataFile })
  const user = await signUp(first, 'ada')
  await first.stop()
  expect(readFileSync(dataFile, 'utf8')).toContain(user.organizationId)

  const second = await startVendor({ dataFile })
  try {
    expect(second.parentOrganizationId).toBe(first.parentOrganizationId)
    expect(second.parentApiKey).toEqual(first.parentApiKey)
    expect(second.signerPublicKey).toBe(first.signerPublicKey)
    const client = new TurnkeyClient(
      { baseUrl: second.url },
      user.passkey.stamper(),
    )
    const whoami = await client.getWhoami({
      organizationId: second.parentOrganizationId,
    })
    expect(whoami).toMatchObject({
      organizationId: user.organizationId,
      userId: user.userId,
    })
    const { accounts } = await client.getWalletAccounts({
      organizationId: user.organizationId,
    })
    expect(accounts.map((a) => a.address)).toEqual([user.address])
    const subOrgs = await backendClient(second).getSubOrgIds({})
    expect(subOrgs.organizationIds).toEqual([user.organizationId])
  } finally {
    await second.stop()
  }
})
