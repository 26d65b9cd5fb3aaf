import { createHash } from 'node:crypto'
import { p256 } from '@noble/curves/p256'
import {
  generateP256KeyPair,
  getPublicKey,
  verifyStampSignature,
} from '@turnkey/crypto'
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest'
import { BaseError } from '../core/errors.js'
import type { PasskeyWalletParameters } from '../passkey/passkeyWallet.js'
import { VendorTimeoutError } from '../turnkey/errors.js'
import type { OidcLogInRequest } from '../turnkey/hostBackendContract.js'
import { parseCreateAccountRequest } from './createAccount.js'
import {
  type CreatePasskeyBackendParameters,
  createPasskeyBackend,
} from './createPasskeyBackend.js'
import { parseRecoveryStartRequest } from './emailCodes.js'
import { parseOidcLogInRequest } from './oidcLogIn.js'
import { createTokenSeal } from './sealedVerificationToken.js'

const uuid =
  /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
const parentOrganizationId = '7b1c3a52-3f0e-4d1b-9a55-0c2f5b8e4a11'
const b64url = (bytes: Uint8Array | string) =>
  Buffer.from(bytes).toString('base64url')

function parentKey() {
  const { privateKey } = generateP256KeyPair()
  return {
    apiPublicKey: Buffer.from(getPublicKey(privateKey, true)).toString('hex'),
    apiPrivateKey: privateKey,
  }
}

/** A passkey registration of the right shape (the vendor, not the handler, verifies its signature). */
function registration(
  challenge = b64url(crypto.getRandomValues(new Uint8Array(32))),
) {
  return {
    challenge,
    attestation: {
      credentialId: b64url(crypto.getRandomValues(new Uint8Array(32))),
      clientDataJson: b64url(
        JSON.stringify({
          type: 'webauthn.create',
          challenge,
          origin: 'https://app.example',
        }),
      ),
      attestationObject: b64url(crypto.getRandomValues(new Uint8Array(164))),
      transports: ['AUTHENTICATOR_TRANSPORT_INTERNAL'],
    },
  }
}

/** The vendor's verification token key, here a test key the backend is told of. */
const tokenSigner = p256.utils.randomPrivateKey()
const verificationTokenPublicKey = Buffer.from(
  p256.getPublicKey(tokenSigner, false),
).toString('hex')

/** A verification token as `verify_otp` answers it: an ES256 JWT over the claims. */
function verificationToken(claims: Record<string, string>) {
  const signed = [{ alg: 'ES256', typ: 'JWT' }, claims]
    .map((part) => b64url(JSON.stringify(part)))
    .join('.')
  const signature = p256
    .sign(createHash('sha256').update(signed).digest(), tokenSigner)
    .toCompactRawBytes()
  return `${signed}.${b64url(signature)}`
}

type Sent = { path: string; headers: Headers; raw: string; body: any }

/** The user of every account the fake vendor has: the one with the account's email. */
const accountUserId = '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d'

/** A vendor that answers as documented, and records every request. */
function fakeVendor(
  accounts: Record<string, string[]> = {},
  override?: (
    sent: Sent,
  ) => Response | undefined | Promise<Response | undefined>,
) {
  const sent: Sent[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    const raw = String(init?.body)
    const request = {
      path: url.pathname,
      headers: new Headers(init?.headers),
      raw,
      body: JSON.parse(raw),
    }
    sent.push(request)
    const overridden = await override?.(request)
    if (overridden) return overridden
    const completed = (result: Record<string, unknown>) =>
      Response.json({
        activity: {
          id: crypto.randomUUID(),
          status: 'ACTIVITY_STATUS_COMPLETED',
          type: request.body.type,
          fingerprint: 'sha256:00',
          result,
        },
      })
    switch (url.pathname) {
      case '/public/v1/query/list_suborgs':
      case '/public/v1/query/list_verified_suborgs':
        return Response.json({
          organizationIds: accounts[request.body.filterValue] ?? [],
        })
      case '/public/v1/query/list_users':
        return Response.json({
          users: [
            {
              userId: accountUserId,
              userName: 'ada',
              userEmail: 'ada@example.com',
            },
          ],
        })
      case '/public/v1/submit/create_sub_organization':
        return completed({
          createSubOrganizationResultV8: {
            subOrganizationId: crypto.randomUUID(),
            rootUserIds: [crypto.randomUUID()],
          },
        })
      case '/public/v1/submit/init_user_email_recovery':
        return completed({
          initUserEmailRecoveryResult: {
            userId: accountUserId,
          },
        })
      case '/public/v1/submit/email_auth':
        return completed({
          emailAuthResult: {
            userId: accountUserId,
            apiKeyId: crypto.randomUUID(),
          },
        })
      default:
        return Response.json(
          { code: 5, message: 'unknown path', details: [] },
          { status: 404 },
        )
    }
  })
  return { fetch, sent }
}

function backendWith(
  vendor: ReturnType<typeof fakeVendor>,
  options: Partial<CreatePasskeyBackendParameters> = {},
) {
  const key = parentKey()
  return {
    key,
    backend: createPasskeyBackend({
      organizationId: parentOrganizationId,
      ...key,
      apiBaseUrl: 'https://vendor.test',
      appName: 'Example',
      verificationTokenPublicKey,
      fetch: vendor.fetch as typeof fetch,
      ...options,
    }),
  }
}

const post = (path: string, body: unknown, headers: HeadersInit = {}) =>
  new Request(`https://app.example${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

async function read(response: Response) {
  return { status: response.status, body: await response.json() }
}

async function stampVerifies(sent: Sent, publicKey: string) {
  const stamp = JSON.parse(
    Buffer.from(sent.headers.get('x-stamp')!, 'base64url').toString('utf8'),
  )
  expect(stamp.publicKey).toBe(publicKey)
  return verifyStampSignature(stamp.publicKey, stamp.signature, sent.raw)
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the contract with passkeyWallet', () => {
  // Checked by tsc (npm run check): the page's callbacks and the handlers' parsers must stay in step.
  it('parses what the page sends', () => {
    type HostCallbacks = Required<PasskeyWalletParameters>
    type SignUpCall = NonNullable<HostCallbacks['createAccount']>
    type RecoveryStartCall = NonNullable<
      Exclude<HostCallbacks['recovery'], false>['start']
    >
    expectTypeOf(parseCreateAccountRequest).returns.toEqualTypeOf<
      Parameters<SignUpCall>[0]
    >()
    expectTypeOf(parseRecoveryStartRequest).returns.toEqualTypeOf<
      Parameters<RecoveryStartCall>[0]
    >()
    const sent: Parameters<RecoveryStartCall>[0] = {
      email: 'ada@example.com',
      type: 'passkey',
      targetPublicKey: Buffer.from(
        p256.getPublicKey(p256.utils.randomPrivateKey(), false),
      ).toString('hex'),
    }
    expect(parseRecoveryStartRequest(JSON.parse(JSON.stringify(sent)))).toEqual(
      sent,
    )
  })

  it('reads the OIDC log-in request the page sends as it was sent, names trimmed', () => {
    expectTypeOf(
      parseOidcLogInRequest,
    ).returns.toEqualTypeOf<OidcLogInRequest>()
    const sent: OidcLogInRequest = {
      oidcToken:
        'eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJodHRwczovL2lkLmV4YW1wbGUifQ.c2ln',
      publicKey: generateP256KeyPair().publicKey,
      expirationSeconds: 900,
      invalidateExisting: true,
    }
    expect(parseOidcLogInRequest(JSON.parse(JSON.stringify(sent)))).toEqual(
      sent,
    )
    expect(
      parseOidcLogInRequest({
        ...sent,
        signUp: { userName: ' Ada ', providerName: 'Google ' },
      }).signUp,
    ).toEqual({ userName: 'Ada', providerName: 'Google' })
  })
})

describe('signUp', () => {
  it("creates the user's sub-organization (V8, passkey, proved email, Ethereum account): a lookup of the email, then one stamped activity", async () => {
    const vendor = fakeVendor()
    const { backend, key } = backendWith(vendor)
    const passkey = registration()
    const token = verificationToken({
      id: crypto.randomUUID(),
      verification_type: 'OTP_TYPE_EMAIL',
      contact: 'ada@example.com',
      organization_id: parentOrganizationId,
      public_key: `02${'ab'.repeat(32)}`,
      exp: String(Date.now() + 600_000),
    })
    const proof = {
      clientSignature: {
        publicKey: `02${'ab'.repeat(32)}`,
        scheme: 'CLIENT_SIGNATURE_SCHEME_API_P256',
        message: '{"signupV2":{}}',
        signature: 'cd'.repeat(64),
      },
    }
    const { status, body } = await read(
      await backend.signUp(
        post('/api/create-account', {
          userName: 'ada',
          email: 'Ada@Example.com',
          ...passkey,
          ...proof,
          // As verify-email-code hands it to the page: sealed to this backend.
          verificationToken: await createTokenSeal({
            organizationId: parentOrganizationId,
            apiPrivateKey: key.apiPrivateKey,
          }).seal(token),
        }),
      ),
    )
    expect(status).toBe(200)
    expect(Object.keys(body)).toEqual(['subOrganizationId'])
    expect(body.subOrganizationId).toMatch(uuid)
    // Its passkey has no account yet, nor its email: then the one activity.
    expect(
      vendor.sent.map((sent) => [sent.path, sent.body.filterType]),
    ).toEqual([
      ['/public/v1/query/list_suborgs', 'CREDENTIAL_ID'],
      ['/public/v1/query/list_verified_suborgs', 'EMAIL'],
      ['/public/v1/submit/create_sub_organization', undefined],
    ])
    const request = vendor.sent[2]
    expect(request!.path).toBe('/public/v1/submit/create_sub_organization')
    expect(request!.headers.get('content-type')).toBe('application/json')
    expect(request!.body).toEqual({
      type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
      timestampMs: expect.stringMatching(/^\d{13}$/),
      organizationId: parentOrganizationId,
      parameters: {
        subOrganizationName: 'passkeyWallet: ada',
        rootUsers: [
          {
            userName: 'ada',
            userEmail: 'ada@example.com',
            apiKeys: [],
            authenticators: [
              {
                authenticatorName: 'Passkey',
                challenge: passkey.challenge,
                attestation: passkey.attestation,
              },
            ],
            oauthProviders: [],
          },
        ],
        rootQuorumThreshold: 1,
        wallet: {
          walletName: 'Default wallet',
          accounts: [
            {
              curve: 'CURVE_SECP256K1',
              pathFormat: 'PATH_FORMAT_BIP32',
              path: "m/44'/60'/0'/0/0",
              addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
            },
          ],
        },
        ...proof,
        // The vendor gets the token itself.
        verificationToken: token,
      },
    })
    expect(await stampVerifies(request!, key.apiPublicKey)).toBe(true)
  })

  it('leaves userEmail out without an email, and turns email recovery and email auth off; trims the name and maps WebAuthn transport names', async () => {
    const vendor = fakeVendor()
    const { backend } = backendWith(vendor)
    const passkey = registration()
    passkey.attestation.transports = [
      'internal',
      'hybrid',
      'AUTHENTICATOR_TRANSPORT_INTERNAL',
    ]
    const response = await backend.signUp(
      post('/api/create-account', { userName: ' ada ', email: '', ...passkey }),
    )
    expect(response.status).toBe(200)
    const { parameters } = vendor.sent.at(-1)!.body
    const [user] = parameters.rootUsers
    expect(user.userName).toBe('ada')
    expect('userEmail' in user).toBe(false)
    expect(parameters.disableEmailRecovery).toBe(true)
    expect(parameters.disableEmailAuth).toBe(true)
    expect(parameters.disableOtpEmailAuth).toBe(true)
    expect('verificationToken' in parameters).toBe(false)
    expect(user.authenticators[0].attestation.transports).toEqual([
      'AUTHENTICATOR_TRANSPORT_INTERNAL',
      'AUTHENTICATOR_TRANSPORT_HYBRID',
    ])
  })
})

describe('startRecovery', () => {
  const targetPublicKey = Buffer.from(
    getPublicKey(generateP256KeyPair().privateKey, false),
  ).toString('hex')
  const subOrganizationId = '3d9e8f7a-6b5c-4d3e-8f1a-2b3c4d5e6f70'

  /** A backend whose work after the answer the test can wait for. */
  function recoveryBackend(
    vendor: ReturnType<typeof fakeVendor>,
    options: Partial<CreatePasskeyBackendParameters> = {},
  ) {
    const afterAnswer: Promise<unknown>[] = []
    const created = backendWith(vendor, {
      startRecoveryFloorMs: 0,
      waitUntil: (work) => afterAnswer.push(work),
      ...options,
    })
    const ask = (email: string, type = 'email') =>
      created.backend.startRecovery(
        post('/api/start-recovery', { email, type, targetPublicKey }),
      )
    return { ...created, ask, sent: () => Promise.all(afterAnswer) }
  }

  it('answers, then sends list_verified_suborgs, list_users and init_user_email_recovery V2 or email_auth V3, each stamped by the parent key', async () => {
    const sentAll: Sent[] = []
    for (const type of ['passkey', 'email'] as const) {
      const vendor = fakeVendor({ 'ada@example.com': [subOrganizationId] })
      const { ask, sent, key } = recoveryBackend(vendor)
      const response = await ask(
        type === 'passkey' ? ' ADA@example.com' : 'ada@example.com',
        type,
      )
      expect(await read(response)).toEqual({
        status: 200,
        body: { accepted: true },
      })
      await sent()
      expect(vendor.sent.map((sent) => sent.path)).toEqual([
        '/public/v1/query/list_verified_suborgs',
        '/public/v1/query/list_users',
        type === 'passkey'
          ? '/public/v1/submit/init_user_email_recovery'
          : '/public/v1/submit/email_auth',
      ])
      const [list, users, send] = vendor.sent
      expect(list!.body).toEqual({
        organizationId: parentOrganizationId,
        filterType: 'EMAIL',
        filterValue: 'ada@example.com',
      })
      expect(users!.body).toEqual({ organizationId: subOrganizationId })
      expect(send!.body).toEqual({
        type:
          type === 'passkey'
            ? 'ACTIVITY_TYPE_INIT_USER_EMAIL_RECOVERY_V2'
            : 'ACTIVITY_TYPE_EMAIL_AUTH_V3',
        timestampMs: expect.stringMatching(/^\d+$/),
        organizationId: subOrganizationId,
        parameters: {
          email: 'ada@example.com',
          targetPublicKey,
          expirationSeconds: type === 'passkey' ? '900' : '1800',
          emailCustomization: { appName: 'Example' },
        },
      })
      for (const sent of vendor.sent)
        expect(await stampVerifies(sent, key.apiPublicKey)).toBe(true)
      sentAll.push(...vendor.sent)
    }
    expect(sentAll).toHaveLength(6)
  })

  it('answers a known and an unknown email with the same bytes, and sends nothing for the unknown one', async () => {
    const vendor = fakeVendor({ 'ada@example.com': [subOrganizationId] })
    const { ask, sent } = recoveryBackend(vendor)
    const known = await ask('ada@example.com')
    const unknown = await ask('nobody@example.com', 'passkey')
    expect(unknown.status).toBe(known.status)
    expect([...unknown.headers]).toEqual([...known.headers])
    expect(await unknown.text()).toBe(await known.text())
    await sent()
    expect(
      vendor.sent.filter((sent) => sent.path.includes('/submit/')),
    ).toHaveLength(1)
  })

  it('answers at the floor, whatever the vendor takes, and finishes the send afterwards', async () => {
    let release: () => void = () => undefined
    const slowVendor = new Promise<void>((resolve) => {
      release = resolve
    })
    const vendor = fakeVendor(
      { 'ada@example.com': [subOrganizationId] },
      async () => {
        await slowVendor
        return undefined
      },
    )
    const { ask, sent } = recoveryBackend(vendor, {
      startRecoveryFloorMs: 50,
    })
    // The vendor answers nothing until released: the answer does not wait for it, only for the floor.
    const startedAt = performance.now()
    const response = await ask('ada@example.com')
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(45)
    expect(await response.json()).toEqual({ accepted: true })
    release()
    await sent()
    expect(vendor.sent.map((sent) => sent.path)).toEqual([
      '/public/v1/query/list_verified_suborgs',
      '/public/v1/query/list_users',
      '/public/v1/submit/email_auth',
    ])
  })

  it.each([
    ['a 429 on the send', '/submit/email_auth', false],
    ['no answer to the send', '/submit/email_auth', true],
    ['a 500 on list_users', '/query/list_users', false],
    ['a 500 on the lookup', '/query/list_verified_suborgs', false],
  ])(
    '%s: the same 200 as for an unknown email, the request aborted at the deadline, and the failure only in the log',
    async (_, failingPath, hangs) => {
      const error = vi
        .spyOn(console, 'error')
        .mockImplementation(() => undefined)
      let aborted: AbortSignal | undefined
      const vendor = fakeVendor(
        { 'ada@example.com': [subOrganizationId] },
        (sent) => {
          if (!sent.path.endsWith(failingPath)) return undefined
          if (hangs) return new Promise<Response>(() => undefined)
          return failingPath.endsWith('email_auth')
            ? Response.json(
                { code: 8, message: 'Too many requests' },
                { status: 429 },
              )
            : new Response('Internal Server Error', { status: 500 })
        },
      )
      const { ask, sent } = recoveryBackend(vendor, {
        vendorTimeoutMs: 3000,
        fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
          if (String(input).endsWith(failingPath))
            aborted = init?.signal ?? undefined
          return vendor.fetch(input, init)
        }) as typeof fetch,
      })
      const failed = await ask('ada@example.com')
      const unknown = await ask('nobody@example.com')
      expect(failed.status).toBe(200)
      expect([...failed.headers]).toEqual([...unknown.headers])
      expect(await failed.text()).toBe(await unknown.text())
      await sent()
      expect(error).toHaveBeenCalledWith(
        expect.stringContaining('start-recovery: no recovery code was sent'),
      )
      if (hangs) expect(aborted?.aborted).toBe(true)
    },
  )

  it('sends nothing when several accounts share the verified email, and says so in the log only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const vendor = fakeVendor({
      'ada@example.com': [subOrganizationId, crypto.randomUUID()],
    })
    const { ask, sent } = recoveryBackend(vendor)
    const { status, body } = await read(await ask('ada@example.com'))
    expect(status).toBe(200)
    expect(body).toEqual({ accepted: true })
    await sent()
    expect(vendor.sent.map((sent) => sent.path)).toEqual([
      '/public/v1/query/list_verified_suborgs',
    ])
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(
        '2 sub-organizations have the same verified email',
      ),
    )
  })
})

describe('vendor failures', () => {
  /** What the public sees of any vendor failure: its words and address stay in the log. */
  const genericVendorFailure = {
    code: 'vendor_error',
    message:
      'The wallet service did not complete the request. Try again in a moment.',
  }
  const passkey = registration()
  const signUpBody = { userName: 'ada', ...passkey }
  const failures: [string, () => Response | Promise<Response>, RegExp][] = [
    [
      'an error the vendor explains',
      () =>
        Response.json(
          {
            code: 3,
            message: 'invalid authenticator attestation',
            details: [],
          },
          { status: 400 },
        ),
      /refused the request \(HTTP 400, code 3\): invalid authenticator attestation/,
    ],
    [
      'a 500 without JSON',
      () => new Response('Internal Server Error', { status: 500 }),
      /failed with HTTP 500 and no JSON error/,
    ],
    [
      'a 429',
      () =>
        Response.json(
          {
            code: 8,
            message:
              'Too many requests. Please wait and try again in a few seconds',
          },
          { status: 429 },
        ),
      /limiting requests \(HTTP 429\): Too many requests/,
    ],
    [
      'a failed activity',
      () =>
        Response.json({
          activity: {
            id: 'act-1',
            status: 'ACTIVITY_STATUS_FAILED',
            result: {},
          },
        }),
      /activity act-1 ended ACTIVITY_STATUS_FAILED/,
    ],
    [
      'an activity held for consensus',
      () =>
        Response.json({
          activity: {
            id: 'act-2',
            status: 'ACTIVITY_STATUS_CONSENSUS_NEEDED',
            result: {},
          },
        }),
      /holds activity act-2 .*consensus needed/,
    ],
    [
      'a completed activity without the id',
      () =>
        Response.json({
          activity: {
            id: 'act-3',
            status: 'ACTIVITY_STATUS_COMPLETED',
            result: { createSubOrganizationResultV8: { subOrganizationId: 7 } },
          },
        }),
      /not what it documents: create_sub_organization returned no subOrganizationId/,
    ],
    [
      'an unreachable vendor',
      () => {
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('connect ECONNREFUSED'), {
            code: 'ECONNREFUSED',
          }),
        })
      },
      /could not be reached at https:\/\/vendor\.test: fetch failed \(ECONNREFUSED\)/,
    ],
  ]

  it.each(failures)(
    '%s: 502 vendor_error, with the reason in the log only',
    async (_, answer, reason) => {
      const error = vi
        .spyOn(console, 'error')
        .mockImplementation(() => undefined)
      const vendor = fakeVendor({}, (sent) =>
        sent.path.endsWith('/create_sub_organization') ? answer() : undefined,
      )
      const { backend } = backendWith(vendor)
      const { status, body } = await read(
        await backend.signUp(post('/api/create-account', signUpBody)),
      )
      expect(status).toBe(502)
      expect(body).toEqual(genericVendorFailure)
      expect(error).toHaveBeenCalledWith(
        expect.stringMatching(
          new RegExp(
            `^\\[wagmi-connector-pack/server\\] sign-up: .*${reason.source}`,
          ),
        ),
      )
    },
  )

  it('gives up at vendorTimeoutMs, aborting the request', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let signal: AbortSignal | undefined
    const vendor = fakeVendor()
    const { backend } = backendWith(vendor, {
      vendorTimeoutMs: 100,
      fetch: ((_: unknown, init: RequestInit) => {
        signal = init.signal ?? undefined
        return new Promise(() => undefined)
      }) as typeof fetch,
    })
    const { status, body } = await read(
      await backend.signUp(post('/api/create-account', signUpBody)),
    )
    expect(status).toBe(502)
    expect(body).toEqual(genericVendorFailure)
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining(
        'The vendor did not answer within 0.1 s (timeout); whatever it was asked may still happen.',
      ),
    )
    // The vendor request went out before the deadline (then aborted) or,
    // on a busy machine, after it (with the aborted signal, so a real fetch
    // never sends it): either way its signal is aborted.
    const sent = await vi.waitUntil(() => signal, { timeout: 10_000 })
    expect(sent.aborted).toBe(true)
  })

  it('rejects createSessionProfile with BaseErrors: the request it gave up on, or why the vendor was out of reach', async () => {
    // The deadline counts from the call, stamp included: the clock moves only
    // once the request is out, so a slow stamp cannot pass it first.
    vi.useFakeTimers()
    let sent: () => void = () => undefined
    const requestOut = new Promise<void>((resolve) => {
      sent = resolve
    })
    const silent = backendWith(fakeVendor(), {
      vendorTimeoutMs: 100,
      fetch: (() => {
        sent()
        return new Promise(() => undefined)
      }) as typeof fetch,
    })
    const pending = silent.backend
      .createSessionProfile()
      .catch((error: unknown) => error)
    let timedOut: unknown
    try {
      await requestOut
      await vi.advanceTimersByTimeAsync(100)
      timedOut = await pending
    } finally {
      vi.useRealTimers()
    }
    expect(timedOut).toBeInstanceOf(VendorTimeoutError)
    expect(timedOut).toMatchObject({
      code: 'vendor_timeout',
      request: 'POST /public/v1/submit/create_session_profile',
      timeoutMs: 100,
    })

    const unreachable = backendWith(fakeVendor(), {
      fetch: (() => {
        throw new TypeError('fetch failed')
      }) as typeof fetch,
    })
    const refused = await unreachable.backend
      .createSessionProfile()
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(BaseError)
    expect(refused).toMatchObject({
      name: 'VendorUnreachableError',
      code: 'vendor_unreachable',
      details: 'fetch failed',
    })
  })

  it('never shows or logs the parent key, even when the vendor echoes it', async () => {
    const lines: string[] = []
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const)
      vi.spyOn(console, level).mockImplementation((...args) => {
        lines.push(args.map(String).join(' '))
      })
    let key = { apiPublicKey: '', apiPrivateKey: '' }
    const vendor = fakeVendor({}, () =>
      Response.json(
        {
          code: 16,
          message: `could not find public key ${key.apiPublicKey.toUpperCase()} (private ${key.apiPrivateKey})`,
        },
        { status: 401 },
      ),
    )
    const created = backendWith(vendor)
    key = created.key
    const bodies = [
      await (
        await created.backend.signUp(post('/api/create-account', signUpBody))
      ).text(),
      await (await created.backend.fetch(post('/nowhere', {}))).text(),
      await (
        await created.backend.signUp(post('/api/create-account', '{'))
      ).text(),
    ]
    expect(bodies[0]).toBe(JSON.stringify(genericVendorFailure))
    expect(lines.join('\n')).toContain('[parent API key]')
    for (const text of [...bodies, ...lines]) {
      expect(text.toLowerCase()).not.toContain(key.apiPrivateKey.toLowerCase())
      expect(text.toLowerCase()).not.toContain(key.apiPublicKey.toLowerCase())
    }
    expect(JSON.stringify(created.backend)).toBe('{}')
  })
})

describe('fetch', () => {
  it('routes by the end of the path, and answers 404 elsewhere', async () => {
    const vendor = fakeVendor()
    const { backend } = backendWith(vendor)
    const signUp = await backend.fetch(
      post('/api/create-account/', { userName: 'ada', ...registration() }),
    )
    expect(signUp.status).toBe(200)
    const recovery = await read(
      await backend.fetch(
        post('/any/prefix/start-recovery', {
          email: 'x@example.com',
          type: 'email',
          targetPublicKey: Buffer.from(
            getPublicKey(generateP256KeyPair().privateKey, false),
          ).toString('hex'),
        }),
      ),
    )
    expect(recovery.status).toBe(200)
    expect(await read(await backend.fetch(post('/api/other', {})))).toEqual({
      status: 404,
      body: {
        code: 'not_found',
        message: expect.stringContaining('No such route'),
      },
    })
  })
})

describe('the oidc option', () => {
  const google = {
    issuer: 'https://accounts.google.com',
    clientId: 'app.apps.googleusercontent.com',
  }
  const sessionProfileId = '3f2b6c1e-8d4a-4e3b-9c7d-1a2b3c4d5e6f'
  const create = (oidc: unknown) =>
    backendWith(fakeVendor(), {
      oidc: oidc as CreatePasskeyBackendParameters['oidc'],
    })

  it('takes providers by https issuer (http on loopback) and client id, and a session profile id; creating asks nobody', () => {
    const vendor = fakeVendor()
    backendWith(vendor, {
      oidc: {
        providers: [
          google,
          { issuer: 'https://appleid.apple.com', clientId: 'com.example.web' },
          { issuer: 'http://127.0.0.1:4010', clientId: 'sandbox' },
          { issuer: 'http://localhost:4011/', clientId: 'sandbox' },
        ],
        sessionProfileId,
      },
    })
    expect(vendor.fetch).not.toHaveBeenCalled()
  })

  it.each([
    ['not an object', 'oidc', 'Google'],
    ['no providers', 'oidc.providers', { providers: [], sessionProfileId }],
    [
      'an issuer over http elsewhere than loopback',
      'oidc.providers[0].issuer',
      {
        providers: [{ ...google, issuer: 'http://accounts.google.com' }],
        sessionProfileId,
      },
    ],
    [
      'an issuer with a query',
      'oidc.providers[1].issuer',
      {
        providers: [google, { ...google, issuer: 'https://id.example/?a=1' }],
        sessionProfileId,
      },
    ],
    [
      'an issuer with credentials',
      'oidc.providers[0].issuer',
      {
        providers: [{ ...google, issuer: 'https://me:pw@id.example' }],
        sessionProfileId,
      },
    ],
    [
      'an empty client id',
      'oidc.providers[0].clientId',
      { providers: [{ ...google, clientId: ' ' }], sessionProfileId },
    ],
    [
      'a provider given twice',
      'oidc.providers[1]',
      {
        providers: [google, { ...google }],
        sessionProfileId,
      },
    ],
    [
      'a session profile id that is no UUID',
      'oidc.sessionProfileId',
      { providers: [google], sessionProfileId: 'default' },
    ],
  ])('refuses %s, naming %s', (_, parameter, oidc) => {
    let thrown: unknown
    try {
      create(oidc)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(BaseError)
    expect(thrown).toMatchObject({
      name: 'InvalidPasskeyBackendParameterError',
      code: 'invalid_parameter',
      parameter,
    })
    expect((thrown as BaseError).shortMessage).toMatch(
      new RegExp(
        `^createPasskeyBackend: invalid \`${parameter.replace(/[[\].]/g, '\\$&')}\`: expected `,
      ),
    )
  })
})
