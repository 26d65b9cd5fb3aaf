import { generateP256KeyPair } from '@turnkey/crypto'
import { TurnkeyClient } from '@turnkey/http'
import {
  afterAll,
  afterEach,
  beforeAll,
  describe,
  expect,
  it,
  vi,
} from 'vitest'
import {
  startVendor,
  type Vendor,
} from '../../../sandbox/turnkey/startVendor.js'
import {
  createPasskeyBackend,
  type PasskeyBackend,
} from '../../../src/exports/server.js'
import {
  afterAnswers,
  signUpRequest as backendSignUpRequest,
  jsonPost as post,
  sandboxBackendOptions,
} from '../../helpers/hostBackend.js'
import { tally } from '../../helpers/reliabilityTally.js'
import { armFault } from '../../helpers/sandboxSwitches.js'
import { emailsTo, subOrganizationsOf } from '../../helpers/vendorUsers.js'

/*
 * The host backend (wagmi-connector-pack/server) when the vendor fails: a
 * 500 without JSON, a 429, and no answer in time, during sign-up and during
 * recovery start. A sign-up is answered 502 `vendor_error` with a generic
 * sentence, what happened going to the log; recovery start answers as it
 * does for an unknown email (no oracle), since it sends after answering.
 * Nothing is left half-done, and the same request succeeds once the vendor
 * is well again. The parent key shows in no answer and no log.
 */

// The timeout cases use a backend that waits 1 s (the default is 10 s).
const vendorTimeoutMs = 1000
let vendor: Vendor
let backend: PasskeyBackend
let impatientBackend: PasskeyBackend
/** Recovery start's sends after its answers. */
const { waitUntil, sent } = afterAnswers()
beforeAll(async () => {
  vendor = await startVendor()
  const options = {
    ...sandboxBackendOptions(vendor),
    appName: 'Fault test',
    verificationTokenPublicKey: vendor.signerPublicKey,
    waitUntil,
  }
  backend = createPasskeyBackend(options)
  impatientBackend = createPasskeyBackend({ ...options, vendorTimeoutMs })
})
afterAll(() => vendor.stop())

const logged: string[] = []
afterEach(() => {
  vi.restoreAllMocks()
  for (const line of logged.splice(0)) {
    expect(line.toLowerCase()).not.toContain(vendor.parentApiKey.privateKey)
    expect(line.toLowerCase()).not.toContain(vendor.parentApiKey.publicKey)
  }
})
function captureLogs() {
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '))
    })
}

/** A 502 vendor_error with the generic sentence; `reason` in the log only. */
async function expectVendorError(response: Response, reason: RegExp) {
  expect(response.status).toBe(502)
  expect(await response.json()).toEqual({
    code: 'vendor_error',
    message:
      'The wallet service did not complete the request. Try again in a moment.',
  })
  expect(logged.join('\n')).toMatch(reason)
}

/** passkeyWallet's sign-up request: a new passkey each time, and the email's proof (spent only by an account made). */
const signUpRequest = (email: string) =>
  backendSignUpRequest(backend, vendor.url, 'ada', email)

/** What the vendor emailed to `email` besides the sign-up's code. */
const emailsBesidesCode = async (email: string) =>
  (await emailsTo(vendor, email)).filter((sent) => sent.kind !== 'otp')

describe('sign-up when the vendor fails', () => {
  const createPath = '/public/v1/submit/create_sub_organization'

  it.each([
    ['http500', /failed with HTTP 500 and no JSON error/],
    ['http429', /limiting requests \(HTTP 429\): Too many requests/],
  ] as const)(
    '%s on submit/create_sub_organization: 502 with the reason, no sub-organization, and a retry signs up once',
    async (fault, reason) => {
      captureLogs()
      const email = `signup-${fault}@example.com`
      await armFault(vendor.url, createPath, fault)
      await expectVendorError(
        await backend.signUp((await signUpRequest(email)).request),
        reason,
      )
      expect(await subOrganizationsOf(vendor, email)).toEqual([])

      const retry = await signUpRequest(email)
      const response = await backend.signUp(retry.request)
      expect(response.status).toBe(200)
      const { subOrganizationId } = (await response.json()) as {
        subOrganizationId: string
      }
      expect(await subOrganizationsOf(vendor, email)).toEqual([
        subOrganizationId,
      ])
      const whoami = await new TurnkeyClient(
        { baseUrl: vendor.url },
        retry.passkey.stamper(),
      ).getWhoami({ organizationId: vendor.parentOrganizationId })
      expect(whoami.organizationId).toBe(subOrganizationId)
      tally(
        'fault',
        `vendor ${fault} on submit/create_sub_organization (sign-up)`,
      )
    },
  )

  it('no answer in time on submit/create_sub_organization: 502 at the timeout; what the vendor does later is whole', async () => {
    captureLogs()
    const email = 'signup-timeout@example.com'
    const delayMs = vendorTimeoutMs + 1500
    await armFault(vendor.url, createPath, 'delay', { delayMs })
    const attempt = await signUpRequest(email)
    await expectVendorError(
      await impatientBackend.signUp(attempt.request),
      /did not answer within 1 s \(timeout\); whatever it was asked may still happen/,
    )
    // The vendor was asked once, atomically: whatever it does after the
    // handler gave up is one whole sub-organization, or none.
    await vi.waitFor(
      async () =>
        expect(await subOrganizationsOf(vendor, email)).toHaveLength(1),
      { timeout: delayMs + 5000, interval: 200 },
    )
    const client = new TurnkeyClient(
      { baseUrl: vendor.url },
      attempt.passkey.stamper(),
    )
    const whoami = await client.getWhoami({
      organizationId: vendor.parentOrganizationId,
    })
    const { accounts } = await client.getWalletAccounts({
      organizationId: whoami.organizationId,
    })
    expect(accounts.map((a) => a.path)).toEqual(["m/44'/60'/0'/0/0"])
    const { user } = await client.getUser({
      organizationId: whoami.organizationId,
      userId: whoami.userId,
    })
    expect(user.userEmail).toBe(email)
    // Now well again: a sign-up answers at once.
    const response = await backend.signUp(
      (await signUpRequest('signup-after-timeout@example.com')).request,
    )
    expect(response.status).toBe(200)
    tally(
      'fault',
      'vendor too slow on submit/create_sub_organization (sign-up)',
    )
  })
})

describe('recovery start when the vendor fails', () => {
  async function accountWithEmail(email: string) {
    const response = await backend.signUp((await signUpRequest(email)).request)
    expect(response.status).toBe(200)
    return ((await response.json()) as { subOrganizationId: string })
      .subOrganizationId
  }
  const startRequest = (email: string, type: 'email' | 'passkey') =>
    post('/api/start-recovery', {
      email,
      type,
      targetPublicKey: generateP256KeyPair().publicKeyUncompressed,
    })

  it.each([
    ['http500', '/public/v1/query/list_verified_suborgs', 'passkey'],
    ['delay', '/public/v1/query/list_verified_suborgs', 'email'],
    ['http429', '/public/v1/submit/email_auth', 'email'],
    ['http500', '/public/v1/query/list_users', 'passkey'],
    ['delay', '/public/v1/submit/init_user_email_recovery', 'passkey'],
  ] as const)(
    '%s on %s (%s recovery): answered as an unknown email is, the failure in the log only, and a retry sends the code',
    async (fault, path, type) => {
      const email = `recovery-${fault}-${path.split('/').at(-1)}@example.com`
      await accountWithEmail(email)
      captureLogs()
      await armFault(vendor.url, path, fault, {
        delayMs: vendorTimeoutMs + 1500,
      })
      const patience = fault === 'delay' ? impatientBackend : backend
      const failed = await patience.startRecovery(startRequest(email, type))
      const unknown = await patience.startRecovery(
        startRequest(`nobody-${fault}@example.com`, type),
      )
      expect(failed.status).toBe(200)
      expect(unknown.status).toBe(200)
      expect(await failed.text()).toBe(await unknown.text())
      await sent()
      expect(logged.join('\n')).toContain(
        'start-recovery: no recovery code was sent',
      )
      if (fault !== 'delay') expect(await emailsBesidesCode(email)).toEqual([])
      // What the vendor finishes after the handler gave up, it finishes whole.
      else await new Promise((resolve) => setTimeout(resolve, 1600))

      const sentBefore = (await emailsBesidesCode(email)).length
      const response = await backend.startRecovery(startRequest(email, type))
      expect(response.status).toBe(200)
      await sent()
      expect(await emailsBesidesCode(email)).toHaveLength(sentBefore + 1)
      tally(
        'fault',
        `vendor ${fault === 'delay' ? 'too slow' : fault} on ${path.replace('/public/v1/', '')} (recovery start)`,
      )
    },
  )
})
