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
  type AuthProxy,
  startAuthProxy,
} from '../../../sandbox/turnkey/authProxy/startAuthProxy.js'
import type { Fault } from '../../../sandbox/turnkey/Faults.js'
import {
  startVendor,
  type Vendor,
} from '../../../sandbox/turnkey/startVendor.js'
import type { AuthProxyErrorCode } from '../../../src/turnkey/AuthProxyError.js'
import {
  authProxyClient,
  proxyRecoveryFlow,
  signUpThroughProxy,
} from '../../helpers/authProxyUsers.js'
import { tally } from '../../helpers/reliabilityTally.js'
import { armFault, clearFaults } from '../../helpers/sandboxSwitches.js'
import {
  emailsTo,
  subOrganizationsOf,
  wrongCode,
} from '../../helpers/vendorUsers.js'

/*
 * passkeyWallet with no backend when the vendor's Auth Proxy refuses or
 * fails: a missing or unknown config id, an origin it does not allow, a
 * wrong code, too many tries, an expired code, a 500, a 429 and no answer in
 * time. Each is a typed error saying what happened (AuthProxyError with its
 * code, endpoint and status, or 'The code is invalid or expired.'); nothing
 * is stored, no account is half-made, and the user can go on afterwards.
 */

// For the tests of no answer in time: the proxy is held this much longer than the page waits.
const shortTimeoutMs = 2500
const heldMs = shortTimeoutMs + 2000

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
afterEach(async () => {
  vi.restoreAllMocks()
  await clearFaults(authProxy.url)
})

const proxyClient = (options?: Parameters<typeof authProxyClient>[1]) =>
  authProxyClient(authProxy, options)

/** The next request to the proxy's `endpoint` meets `fault`. */
const armProxyFault = (
  endpoint: string,
  fault: Fault['kind'],
  delayMs?: number,
) => armFault(authProxy.url, `/v1/${endpoint}`, fault, { delayMs })

/** Codes emailed to each address by its sign-up, which the tests' counts leave out. */
const signUpCodes = new Map<string, number>()

/** The codes emailed to `email` since its sign-up. */
const codesTo = async (email: string) =>
  (await emailsTo(vendor, email))
    .filter((e) => e.kind === 'otp')
    .map((e) => e.secret)
    .slice(signUpCodes.get(email) ?? 0)

/**
 * One sign-up attempt as the page makes it, with the email's proof (through
 * a working proxy); `answered` says whether `client` answered the sign-up at all.
 */
async function signUp(email: string, client = proxyClient()) {
  // The proof emails one code before the sign-up is sent.
  signUpCodes.set(email, (signUpCodes.get(email) ?? 0) + 1)
  let answered = false
  const result = signUpThroughProxy(vendor, email, {
    client,
    proofClient: proxyClient(),
    onAnswer: () => {
      answered = true
    },
  })
  return result.then(
    (account) => ({ account, error: undefined, answered }),
    (error: Error & Record<string, unknown>) => ({
      account: undefined,
      error,
      answered,
    }),
  )
}

const recoveryFlow = (client = proxyClient()) =>
  proxyRecoveryFlow(vendor, client)

const proxyError = (
  code: AuthProxyErrorCode,
  endpoint: string,
  status: number | undefined,
) => ({ name: 'AuthProxyError', code, endpoint, status })

describe('config id and origin refused', () => {
  it.each([
    ['an unknown config id', { configId: crypto.randomUUID() }, 401],
    ['a missing config id', { configId: '' }, 401],
  ] as const)(
    '%s: sign-up and "Send code" fail with auth_proxy_config_refused; no account, no email',
    async (what, options, status) => {
      const email = `config-${status}-${Date.now()}-${options.configId.length}@example.com`
      const { error, answered } = await signUp(email, proxyClient(options))
      expect(error).toMatchObject({
        ...proxyError('auth_proxy_config_refused', 'signup', status),
        shortMessage:
          'The sign-in service does not recognise this app. Please contact the app’s support.',
      })
      expect(error?.message).toContain('authProxy: { configId }')
      // The proxy answered: the page's passkey belongs to no account and is signalled so.
      expect(answered).toBe(true)
      expect(await subOrganizationsOf(vendor, email)).toEqual([])

      const { flow, memory } = recoveryFlow(proxyClient(options))
      await expect(
        flow.sendEmail({ email, type: 'email' }),
      ).rejects.toMatchObject(
        proxyError('auth_proxy_config_refused', 'wallet_kit_config', status),
      )
      expect(flow.getSnapshot()).toMatchObject({ step: 'idle' })
      expect(memory.size).toBe(0)
      expect(await codesTo(email)).toEqual([])
      tally('fault', `Auth Proxy: ${what}`)
    },
  )

  it('an origin the config does not allow: auth_proxy_origin_refused naming the fix; no account', async () => {
    const email = `origin-${Date.now()}@example.com`
    const { error } = await signUp(
      email,
      proxyClient({ origin: 'https://phishing.example' }),
    )
    expect(error).toMatchObject(
      proxyError('auth_proxy_origin_refused', 'signup', 403),
    )
    expect(error?.message).toContain('allowed origins')
    expect(await subOrganizationsOf(vendor, email)).toEqual([])
    tally('fault', 'Auth Proxy: an origin its config does not allow')
  })
})

describe('the code', () => {
  async function userWithCode() {
    const email = `code-${Date.now()}-${Math.random()}@example.com`
    const { account } = await signUp(email)
    const { flow, memory } = recoveryFlow()
    await flow.sendEmail({ email, type: 'email' })
    const [code] = await codesTo(email)
    return { email, account: account!, flow, memory, code: code! }
  }

  it('a wrong code: the one sentence, with the tries left; the right one then works', async () => {
    const { flow, code } = await userWithCode()
    await expect(flow.submitCode(wrongCode(code))).rejects.toMatchObject({
      name: 'InvalidEmailCodeError',
      shortMessage: 'The code is invalid or expired.',
      attemptsLeft: 2,
      newCodeNeeded: false,
    })
    await flow.submitCode(code)
    expect(flow.getSnapshot().step).toBe('ready-to-create-passkey')
    tally('fault', 'Auth Proxy: a wrong code')
  })

  it('too many tries: the third wrong code, and the right one after it, need a new code; nothing stored', async () => {
    const { flow, memory, code, email } = await userWithCode()
    await flow.submitCode(wrongCode(code)).catch(() => undefined)
    await flow.submitCode(wrongCode(code)).catch(() => undefined)
    for (const attempt of [wrongCode(code), code])
      await expect(flow.submitCode(attempt)).rejects.toMatchObject({
        name: 'InvalidEmailCodeError',
        shortMessage: 'The code is invalid or expired.',
        newCodeNeeded: true,
        reason: expect.stringContaining('Too many failed OTP attempts'),
      })
    expect(flow.getSnapshot().step).toBe('waiting-for-code')
    expect(memory.size).toBe(0)
    await flow.sendEmail({ email, type: 'email' })
    await flow.submitCode((await codesTo(email)).at(-1)!)
    expect(flow.getSnapshot().step).toBe('ready-to-create-passkey')
    tally('fault', 'Auth Proxy: too many wrong codes')
  })

  it('an expired code: the one sentence, a new code needed; nothing stored', async () => {
    const { flow, memory, code } = await userWithCode()
    vendor.clock.advance(301_000)
    await expect(flow.submitCode(code)).rejects.toMatchObject({
      name: 'InvalidEmailCodeError',
      shortMessage: 'The code is invalid or expired.',
      newCodeNeeded: true,
      reason: expect.stringContaining('OTP expired'),
    })
    expect(memory.size).toBe(0)
    tally('fault', 'Auth Proxy: an expired code')
  })
})

describe('the proxy fails', () => {
  it.each([
    [
      'http500',
      'auth_proxy_failed',
      500,
      'The sign-in service failed. Please try again.',
    ],
    [
      'http429',
      'auth_proxy_rate_limited',
      429,
      'Too many requests. Please wait a few seconds and try again.',
    ],
  ] as const)(
    '%s on signup: %s; no account, the passkey signalled unknown, a retry signs up once',
    async (fault, code, status, sentence) => {
      const email = `signup-${fault}-${Date.now()}@example.com`
      await armProxyFault('signup', fault)
      const { error, answered } = await signUp(email)
      expect(error).toMatchObject({
        ...proxyError(code, 'signup', status),
        shortMessage: sentence,
      })
      expect(answered).toBe(true)
      expect(await subOrganizationsOf(vendor, email)).toEqual([])
      const retry = await signUp(email)
      expect(retry.error).toBeUndefined()
      expect(await subOrganizationsOf(vendor, email)).toEqual([
        retry.account!.organizationId,
      ])
      tally('fault', `Auth Proxy ${fault} on signup`)
    },
  )

  it('no answer in time on signup: auth_proxy_timeout, the passkey kept; what the proxy does later is one whole account', async () => {
    const email = `signup-timeout-${Date.now()}@example.com`
    const delayMs = heldMs
    await armProxyFault('signup', 'delay', delayMs)
    const { error, answered } = await signUp(
      email,
      proxyClient({ timeoutMs: shortTimeoutMs }),
    )
    expect(error).toMatchObject({
      ...proxyError('auth_proxy_timeout', 'signup', undefined),
      shortMessage:
        'The sign-in service did not answer in time. Please try again.',
    })
    // No answer: the account may still be made, so the page keeps the passkey (its only way in).
    expect(answered).toBe(false)
    await vi.waitFor(
      async () =>
        expect(await subOrganizationsOf(vendor, email)).toHaveLength(1),
      { timeout: delayMs + 5000, interval: 200 },
    )
    tally('fault', 'Auth Proxy timeout on signup')
  })

  it.each([
    ['http500', 'auth_proxy_failed', 500],
    ['http429', 'auth_proxy_rate_limited', 429],
  ] as const)(
    '%s on otp_init: "Send code" fails with %s, no code sent; the next try sends one',
    async (fault, code, status) => {
      const email = `init-${fault}-${Date.now()}@example.com`
      await signUp(email)
      const { flow, memory } = recoveryFlow()
      await armProxyFault('otp_init', fault)
      await expect(
        flow.sendEmail({ email, type: 'email' }),
      ).rejects.toMatchObject(proxyError(code, 'otp_init', status))
      expect(flow.getSnapshot()).toMatchObject({ step: 'idle' })
      expect(await codesTo(email)).toEqual([])
      expect(memory.size).toBe(0)
      await flow.sendEmail({ email, type: 'email' })
      expect(await codesTo(email)).toHaveLength(1)
      tally('fault', `Auth Proxy ${fault} on otp_init`)
    },
  )

  it('http429 on otp_verify: rate limited, no try spent; the same code then works', async () => {
    const email = `verify-429-${Date.now()}@example.com`
    await signUp(email)
    const { flow, memory } = recoveryFlow()
    await flow.sendEmail({ email, type: 'email' })
    const [code] = await codesTo(email)
    await armProxyFault('otp_verify', 'http429')
    await expect(flow.submitCode(code!)).rejects.toMatchObject(
      proxyError('auth_proxy_rate_limited', 'otp_verify', 429),
    )
    expect(flow.getSnapshot().step).toBe('waiting-for-code')
    expect(memory.size).toBe(0)
    await flow.submitCode(code!)
    expect(flow.getSnapshot().step).toBe('ready-to-create-passkey')
    tally('fault', 'Auth Proxy http429 on otp_verify')
  })

  it('no answer in time on otp_login: auth_proxy_timeout, nothing stored; the used code needs a new one, which recovers', async () => {
    const email = `login-timeout-${Date.now()}@example.com`
    const { account } = await signUp(email)
    const { flow, memory } = recoveryFlow(
      proxyClient({ timeoutMs: shortTimeoutMs }),
    )
    await flow.sendEmail({ email, type: 'email' })
    const [code] = await codesTo(email)
    await armProxyFault('otp_login', 'delay', heldMs)
    await expect(flow.submitCode(code!)).rejects.toMatchObject(
      proxyError('auth_proxy_timeout', 'otp_login', undefined),
    )
    expect(flow.getSnapshot().step).toBe('waiting-for-code')
    expect(memory.size).toBe(0)
    await expect(flow.submitCode(code!)).rejects.toMatchObject({
      name: 'InvalidEmailCodeError',
      newCodeNeeded: true,
    })
    await flow.sendEmail({ email, type: 'email' })
    await flow.submitCode((await codesTo(email)).at(-1)!)
    await flow.createPasskey()
    expect(flow.getSnapshot().step).toBe('passkey-created')
    expect(account).toBeDefined()
    tally('fault', 'Auth Proxy timeout on otp_login')
  })
})
