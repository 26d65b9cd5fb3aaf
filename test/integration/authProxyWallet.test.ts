import { TurnkeyClient } from '@turnkey/http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AuthProxy,
  startAuthProxy,
} from '../../sandbox/turnkey/authProxy/startAuthProxy.js'
import { startVendor, type Vendor } from '../../sandbox/turnkey/startVendor.js'
import { signUpWithAuthProxy } from '../../src/passkey/signUpWithAuthProxy.js'
import {
  authProxyClient,
  pageOrigin,
  proxyRecoveryFlow,
  signUpThroughProxy,
} from '../helpers/authProxyUsers.js'
import { SoftwareAuthenticator } from '../helpers/softwareAuthenticator.js'
import { backendClient, newestCode, wrongCode } from '../helpers/vendorUsers.js'

/*
 * passkeyWallet with no host backend, against the sandbox's Auth Proxy
 * emulator in front of the vendor emulator: sign-up through `signup`, then
 * email-code recovery through `otp_init` … `otp_login`, whose one-time key
 * adds a new passkey to the same user.
 */

let vendor: Vendor
let authProxy: AuthProxy
beforeAll(async () => {
  vendor = await startVendor()
  authProxy = await startAuthProxy(vendor)
})
afterAll(async () => {
  await authProxy.stop()
  await vendor.stop()
})

const proxyClient = (configId?: string) =>
  authProxyClient(authProxy, { configId })

/** Sign-up as passkeyWallet makes it through the proxy, with the email's proof. */
const signUp = (email: string) =>
  signUpThroughProxy(vendor, email, { client: proxyClient() })

function recoveryFlow(configId?: string) {
  const newPasskey = new SoftwareAuthenticator()
  const recovery = proxyRecoveryFlow(
    vendor,
    proxyClient(configId),
    () => newPasskey,
  )
  return { ...recovery, newPasskey }
}

const lastCode = (email: string) => newestCode(vendor, email)

/** The organization and first Ethereum address a passkey signs in to. */
async function walletOf(passkey: SoftwareAuthenticator) {
  const client = new TurnkeyClient({ baseUrl: vendor.url }, passkey.stamper())
  const { organizationId } = await client.getWhoami({
    organizationId: vendor.parentOrganizationId,
  })
  const { accounts } = await client.getWalletAccounts({ organizationId })
  return { organizationId, accounts }
}

describe('passkeyWallet through the Auth Proxy', () => {
  it('signs up: a sub-organization with the passkey, the email in lower case and an Ethereum account at m/44’/60’/0’/0/0', async () => {
    const email = `Ada.${Date.now()}@Example.com`
    const { passkey, organizationId, account } = await signUp(email)
    const wallet = await walletOf(passkey)
    expect(wallet.organizationId).toBe(organizationId)
    expect(wallet.accounts.map((a) => [a.path, a.addressFormat])).toEqual([
      ["m/44'/60'/0'/0/0", 'ADDRESS_FORMAT_ETHEREUM'],
    ])
    expect(account?.address.toLowerCase()).toBe(
      wallet.accounts[0]!.address.toLowerCase(),
    )
    const client = new TurnkeyClient({ baseUrl: vendor.url }, passkey.stamper())
    const { users } = await client.getUsers({ organizationId })
    expect(users.map((u) => u.userEmail)).toEqual([email.toLowerCase()])
  })

  it('never sends an email without its proof: the account is made without one', async () => {
    const passkey = new SoftwareAuthenticator()
    const { challenge, attestation } = passkey.register()
    const { organizationId } = await signUpWithAuthProxy(
      proxyClient(),
      {
        userName: 'ada',
        email: 'unproven@example.com',
        challenge,
        attestation,
      },
      () => undefined,
    )
    const client = new TurnkeyClient({ baseUrl: vendor.url }, passkey.stamper())
    const { userId } = await client.getWhoami({ organizationId })
    const { user } = await client.getUser({ organizationId, userId })
    expect(user.userEmail).toBeUndefined()
  })

  it('recovers by email code: the code field’s shape from wallet_kit_config, a wrong code with tries left, then a new passkey on the same wallet', async () => {
    const email = `rosa.${Date.now()}@example.com`
    const user = await signUp(email)
    const { flow, memory, newPasskey } = recoveryFlow()
    expect(flow.getSnapshot().types).toEqual(['email'])

    await flow.sendEmail({ email, type: 'email' })
    expect(flow.getSnapshot()).toMatchObject({
      step: 'waiting-for-code',
      codeFormat: { length: 6, alphanumeric: false },
      codeExpiresAt: undefined,
    })
    const code = await lastCode(email)
    expect(code).toMatch(/^\d{6}$/)

    // A code of the wrong shape is refused in the page: no try is spent.
    await expect(flow.submitCode('12345')).rejects.toMatchObject({
      name: 'InvalidEmailCodeError',
      shortMessage: 'The code is invalid or expired.',
      attemptsLeft: undefined,
    })
    await expect(flow.submitCode(wrongCode(code))).rejects.toMatchObject({
      name: 'InvalidEmailCodeError',
      shortMessage: 'The code is invalid or expired.',
      attemptsLeft: 2,
      newCodeNeeded: false,
    })
    expect(flow.getSnapshot().step).toBe('waiting-for-code')

    await flow.submitCode(` ${code.slice(0, 3)} ${code.slice(3)} `)
    const ready = flow.getSnapshot()
    expect(ready.step).toBe('ready-to-create-passkey')
    // The proxy's session lasts 900 s here: the recovery ends with it (never past 1800 s).
    const nowSeconds = Math.floor(vendor.clock.now() / 1000)
    expect(ready.sessionExpiresAt! - nowSeconds).toBeGreaterThan(890)
    expect(ready.sessionExpiresAt! - nowSeconds).toBeLessThanOrEqual(900)
    // Public recovery state only: never the code, the token, the session or a key.
    const stored = [...memory.values()]
    expect(stored).toHaveLength(1)
    expect(Object.keys(JSON.parse(stored[0]!)).sort()).toEqual([
      'createdAt',
      'sessionExpirationSeconds',
      'type',
      'userId',
    ])
    expect(stored[0]).not.toContain(code)

    await flow.createPasskey()
    expect(flow.getSnapshot().step).toBe('passkey-created')
    expect(memory.size).toBe(0)
    const recovered = await walletOf(newPasskey)
    expect(recovered.organizationId).toBe(user.organizationId)
    expect(recovered.accounts[0]!.address).toBe(user.account?.address)
    // The recovery's update_user keeps the email, and with it its proof: it still recovers.
    const { organizationIds } = await backendClient(
      vendor,
    ).getVerifiedSubOrgIds({ filterType: 'EMAIL', filterValue: email })
    expect(organizationIds).toEqual([user.organizationId])
  })

  it('a config with 8-character Crockford codes: the code field follows it, and a code typed in lower case works', async () => {
    const email = `crockford.${Date.now()}@example.com`
    await signUp(email)
    const { configId } = authProxy.addConfig({
      otpLength: 8,
      otpAlphanumeric: true,
      allowedOrigins: [pageOrigin],
    })
    const { flow } = recoveryFlow(configId)
    await flow.sendEmail({ email, type: 'email' })
    expect(flow.getSnapshot().codeFormat).toEqual({
      length: 8,
      alphanumeric: true,
    })
    const code = await lastCode(email)
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/)
    await flow.submitCode(code.toLowerCase())
    expect(flow.getSnapshot().step).toBe('ready-to-create-passkey')
  })

  it('an email no account was made with: the right code, then RecoveryAccountNotFoundError', async () => {
    const email = `nobody.${Date.now()}@example.com`
    const { flow, memory } = recoveryFlow()
    await flow.sendEmail({ email, type: 'email' })
    await expect(flow.submitCode(await lastCode(email))).rejects.toMatchObject({
      name: 'RecoveryAccountNotFoundError',
      shortMessage: 'No wallet was signed up with this email.',
    })
    expect(memory.size).toBe(0)
  })

  it('passkey recovery is not offered through the proxy: a typed refusal before any email', async () => {
    const { flow } = recoveryFlow()
    await expect(
      flow.sendEmail({ email: 'ada@example.com', type: 'passkey' }),
    ).rejects.toMatchObject({
      name: 'FlowStepError',
      shortMessage: expect.stringContaining('use type "email"'),
    })
    expect(flow.getSnapshot().step).toBe('idle')
  })
})
