import { connect } from '@wagmi/core'
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest'
import { sandboxChains } from '../../sandbox/chains.js'
import { startVendor, type Vendor } from '../../sandbox/turnkey/startVendor.js'
import { createPasskeyBackend } from '../../src/exports/server.js'
import { sandboxBackendOptions } from '../helpers/hostBackend.js'
import {
  passkeyCreation,
  passkeyHostConfig,
  stubWebauthn,
} from '../helpers/passkeyHostInNode.js'
import { SoftwareAuthenticator } from '../helpers/softwareAuthenticator.js'
import { backendClient } from '../helpers/vendorUsers.js'

/*
 * A sign-up whose first answer was lost: the host's call tries again, the
 * backend answers that the passkey has an account (and never which), and
 * the page logs in with that passkey to the account its first try made.
 */

const [mainnet] = sandboxChains(inject('sandbox').rpcUrls)
let vendor: Vendor
beforeAll(async () => {
  vendor = await startVendor()
})
afterAll(async () => {
  vi.unstubAllGlobals()
  await vendor.stop()
})

it('a retried sign-up connects to the account its first try made, with one log-in prompt and no second account', async () => {
  const backend = createPasskeyBackend({
    ...sandboxBackendOptions(vendor),
    appName: 'Retry test',
  })
  const passkey = new SoftwareAuthenticator()
  let prompts = 0
  stubWebauthn(() => {
    prompts++
    return passkey
  })
  // The browser's create() makes the one passkey, over the page's challenge.
  const { credentials } = navigator as unknown as {
    credentials: Record<string, unknown>
  }
  credentials.create = passkeyCreation(() => passkey)
  const answers: number[] = []
  const signUpRoute = async (request: unknown) => {
    const answer = await backend.signUp(
      new Request('http://localhost:5173/api/create-account', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request),
      }),
    )
    answers.push(answer.status)
    return answer
  }
  const config = passkeyHostConfig(vendor, [mainnet!], {
    // The first answer is lost on the way: the host's fetch sends the request again.
    createAccount: async (request) => {
      await signUpRoute(request)
      return signUpRoute(request)
    },
  })
  const { accounts } = await connect(config, {
    connector: config.connectors[0]!,
    signUp: { userName: 'ada' },
  } as never)
  expect(answers).toEqual([200, 409])
  const { organizationIds } = await backendClient(vendor).getSubOrgIds({
    organizationId: vendor.parentOrganizationId,
    filterType: 'CREDENTIAL_ID',
    filterValue: passkey.credentialId,
  })
  expect(organizationIds).toHaveLength(1)
  const { accounts: walletAccounts } = await backendClient(
    vendor,
  ).getWalletAccounts({ organizationId: organizationIds[0]! })
  expect(accounts[0]?.toLowerCase()).toBe(
    walletAccounts[0]!.address.toLowerCase(),
  )
  // The log-in's prompt, which also opened the session: the account is read with the session key.
  expect(prompts).toBe(1)
})
