import {
  decryptCredentialBundle,
  generateP256KeyPair,
  getPublicKey,
} from '@turnkey/crypto'
import { TurnkeyClient } from '@turnkey/http'
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
} from 'vitest'
import { startVendor, type Vendor } from '../../sandbox/turnkey/startVendor.js'
import {
  type CreatePasskeyBackendParameters,
  createPasskeyBackend,
  type PasskeyBackend,
} from '../../src/exports/server.js'
import {
  afterAnswers,
  jsonPost as post,
  proveEmail,
  recoveredAccount as recoveredAccountOf,
  sandboxBackendOptions,
  signUpRequest,
  withEmailProof,
} from '../helpers/hostBackend.js'
import { resetVendor, vendorActivities } from '../helpers/sandboxSwitches.js'
import { SoftwareAuthenticator } from '../helpers/softwareAuthenticator.js'
import {
  backendClient,
  emailsTo,
  keyClient,
  subOrganizationsOf,
} from '../helpers/vendorUsers.js'

/*
 * wagmi-connector-pack/server against the vendor emulator (as strict as the
 * vendor's published schema): what sign-up creates, what recovery start
 * sends, and what an unknown email gets.
 */

let vendor: Vendor
let backend: PasskeyBackend
beforeAll(async () => {
  vendor = await startVendor()
  backend = backendWith({
    verificationTokenPublicKey: vendor.signerPublicKey,
  })
})

/** Recovery start's sends after its answers. */
const { waitUntil, sent } = afterAnswers()

/** The sandbox's backend with `options` over the test's own. */
const backendWith = (options: Partial<CreatePasskeyBackendParameters>) =>
  createPasskeyBackend({
    ...sandboxBackendOptions(vendor),
    appName: 'Server test',
    waitUntil,
    ...options,
  })
afterAll(() => vendor.stop())
beforeEach(async () => {
  await resetVendor(vendor.url)
})

const activities = () => vendorActivities(vendor.url)

/** Sign-up as passkeyWallet does it, with the email's proof when there is an email. */
async function signUp(userName: string, email?: string) {
  const { passkey, attestation, request } = await signUpRequest(
    backend,
    vendor.url,
    userName,
    email,
  )
  return { passkey, attestation, response: await backend.signUp(request) }
}

const newTargetKey = () => {
  const key = generateP256KeyPair()
  return { privateKey: key.privateKey, publicKey: key.publicKeyUncompressed }
}

/** The account an email recovery of `email` reaches, as the page learns it. */
const recoveredAccount = (email: string) =>
  recoveredAccountOf(backend, vendor, email, sent)

describe('signUp', () => {
  it("creates the user's sub-organization: the passkey, the email, an Ethereum account at m/44'/60'/0'/0/0", async () => {
    const { passkey, attestation, response } = await signUp(
      'ada',
      'Ada@Example.com',
    )
    expect(response.status).toBe(200)
    const body = (await response.json()) as { subOrganizationId: string }
    expect(Object.keys(body)).toEqual(['subOrganizationId'])
    const { subOrganizationId } = body

    // The passkey acts on the new sub-organization, as passkeyWallet then does.
    const client = new TurnkeyClient({ baseUrl: vendor.url }, passkey.stamper())
    const whoami = await client.getWhoami({
      organizationId: vendor.parentOrganizationId,
    })
    expect(whoami.organizationId).toBe(subOrganizationId)
    const { accounts } = await client.getWalletAccounts({
      organizationId: subOrganizationId,
    })
    expect(accounts).toHaveLength(1)
    expect(accounts[0]).toMatchObject({
      curve: 'CURVE_SECP256K1',
      pathFormat: 'PATH_FORMAT_BIP32',
      path: "m/44'/60'/0'/0/0",
      addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
    })
    expect(accounts[0]!.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const { user } = await client.getUser({
      organizationId: subOrganizationId,
      userId: whoami.userId,
    })
    expect(user.userName).toBe('ada')
    expect(user.userEmail).toBe('ada@example.com')
    expect(user.authenticators.map((a) => a.credentialId)).toEqual([
      attestation.credentialId,
    ])

    // The email's code and its proof, then one activity for the account.
    const done = await activities()
    expect(done.map((a) => [a.type, a.status])).toEqual([
      ['ACTIVITY_TYPE_INIT_OTP_V3', 'ACTIVITY_STATUS_COMPLETED'],
      ['ACTIVITY_TYPE_VERIFY_OTP_V2', 'ACTIVITY_STATUS_COMPLETED'],
      ['ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8', 'ACTIVITY_STATUS_COMPLETED'],
    ])
    const created = done[2]!.intent.createSubOrganizationIntentV8
    expect(created.rootQuorumThreshold).toBe(1)
    // The vendor holds the proof of the email with the account it made.
    expect(created.verificationToken).toEqual(expect.any(String))
    expect(created.clientSignature.message).toContain('USAGE_TYPE_SIGNUP')
    const { organizationIds } = await backendClient(vendor).getSubOrgIds({
      organizationId: vendor.parentOrganizationId,
      filterType: 'EMAIL',
      filterValue: 'ada@example.com',
    })
    expect(organizationIds).toEqual([subOrganizationId])
  })

  it('creates an account without email when none is given', async () => {
    const { passkey, response } = await signUp('grace')
    expect(response.status).toBe(200)
    const client = new TurnkeyClient({ baseUrl: vendor.url }, passkey.stamper())
    const whoami = await client.getWhoami({
      organizationId: vendor.parentOrganizationId,
    })
    const { user } = await client.getUser({
      organizationId: whoami.organizationId,
      userId: whoami.userId,
    })
    expect(user.userEmail ?? '').toBe('')
  })

  it("answers the vendor's refusal as 502, its reason in the log only, and creates nothing", async () => {
    const logged = vi
      .spyOn(console, 'error')
      .mockImplementation(() => undefined)
    const passkey = new SoftwareAuthenticator()
    const { challenge, attestation } = passkey.register()
    // Well-formed base64url, but no attestation object the vendor can read.
    const response = await backend.signUp(
      post('/api/create-account', {
        userName: 'mallory',
        challenge,
        attestation: {
          ...attestation,
          attestationObject: Buffer.alloc(64, 7).toString('base64url'),
        },
      }),
    )
    const body = (await response.json()) as { code: string; message: string }
    expect(response.status).toBe(502)
    expect(body).toEqual({
      code: 'vendor_error',
      message:
        'The wallet service did not complete the request. Try again in a moment.',
    })
    expect(logged).toHaveBeenCalledWith(
      expect.stringMatching(
        /sign-up: The vendor refused the request \(HTTP 400/,
      ),
    )
    logged.mockRestore()
    expect(await activities()).toEqual([])
  })
})

describe('startRecovery', () => {
  it.each([
    ['passkey', 'recovery', 'CREDENTIAL_TYPE_RECOVER_USER_KEY_P256'],
    ['email', 'email_auth', 'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256'],
  ] as const)(
    '%s: the vendor emails a code for the account, and only the code tells whose it is',
    async (type, kind, credentialType) => {
      const email = `${type}-user@example.com`
      const { passkey, response } = await signUp('ada', email)
      const { subOrganizationId } = (await response.json()) as {
        subOrganizationId: string
      }
      const passkeyClient = new TurnkeyClient(
        { baseUrl: vendor.url },
        passkey.stamper(),
      )
      const { userId } = await passkeyClient.getWhoami({
        organizationId: vendor.parentOrganizationId,
      })

      const target = newTargetKey()
      const answer = await backend.startRecovery(
        post('/api/start-recovery', {
          email: email.toUpperCase(),
          type,
          targetPublicKey: target.publicKey,
        }),
      )
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual({ accepted: true })
      await sent()
      // The sign-up's code, then the recovery's.
      const emails = await emailsTo(vendor, email)
      expect(emails.map((e) => e.kind)).toEqual(['otp', kind])

      // The code opens a key of the right kind for that user, encrypted to the page's key.
      const codeKey = decryptCredentialBundle(
        emails[1]!.secret,
        target.privateKey,
      )
      const { user } = await backendClient(vendor).getUser({
        organizationId: subOrganizationId,
        userId,
      })
      const codePublicKey = Buffer.from(getPublicKey(codeKey, true)).toString(
        'hex',
      )
      const listed = user.apiKeys.find(
        (k) => k.credential.publicKey === codePublicKey,
      )
      expect(listed?.credential.type).toBe(credentialType)
      expect(listed?.expirationSeconds).toBe(
        type === 'passkey' ? '900' : '1800',
      )
      // Either kind of key may ask whose it is: the page learns the account here.
      const whoami = await keyClient(vendor, codeKey).getWhoami({
        organizationId: vendor.parentOrganizationId,
      })
      expect(whoami).toMatchObject({
        organizationId: subOrganizationId,
        userId,
      })
      // What recovery start did: everything after the sign-up's three activities.
      const recoveryActivities = (await activities()).slice(3)
      expect(recoveryActivities.map((a) => a.type)).toEqual([
        type === 'passkey'
          ? 'ACTIVITY_TYPE_INIT_USER_EMAIL_RECOVERY_V2'
          : 'ACTIVITY_TYPE_EMAIL_AUTH_V3',
      ])
    },
  )

  it('answers an unknown email with the same bytes, sends nothing and does nothing', async () => {
    const { response } = await signUp('ada', 'known@example.com')
    expect(response.status).toBe(200)
    const before = await activities()
    const ask = (email: string, type: string) =>
      backend.startRecovery(
        post('/api/start-recovery', {
          email,
          type,
          targetPublicKey: newTargetKey().publicKey,
        }),
      )
    const known = await ask('known@example.com', 'passkey')
    const unknown = await ask('nobody@example.com', 'passkey')
    expect(unknown.status).toBe(known.status)
    expect([...unknown.headers].map(([name]) => name)).toEqual(
      [...known.headers].map(([name]) => name),
    )
    expect(await unknown.text()).toBe(await known.text())
    await sent()
    expect(await emailsTo(vendor, 'nobody@example.com')).toEqual([])
    const after = await activities()
    expect(after.length - before.length).toBe(1)
  })
})

describe('the sign-up email is proved before it is kept', () => {
  const proofOf = async (email: string) => {
    const { response, key } = await proveEmail(backend, vendor.url, email)
    expect(response.status).toBe(200)
    const { verificationToken, verificationTokenId } = await response.json()
    return { verificationToken, tokenId: verificationTokenId, key }
  }
  const accountsOf = async (email: string) =>
    (
      await backendClient(vendor).getSubOrgIds({
        organizationId: vendor.parentOrganizationId,
        filterType: 'EMAIL',
        filterValue: email,
      })
    ).organizationIds

  it("the attack: a stranger's passkey with the victim's email makes no account, and the victim's recovery still gets its code", async () => {
    const victim = 'victim@example.com'
    expect((await signUp('victim', victim)).response.status).toBe(200)
    const [victimAccount] = await accountsOf(victim)

    const { challenge, attestation } = new SoftwareAuthenticator().register()
    const stranger = { challenge, attestation }
    // Today's attack, as a visitor could post it: the victim's email, no proof.
    const unproved = await backend.signUp(
      post('/api/create-account', {
        userName: 'eve',
        email: victim,
        ...stranger,
      }),
    )
    expect(unproved.status).toBe(400)
    expect((await unproved.json()).code).toBe('email_not_verified')
    // With a proof of the stranger's own inbox, signed for the victim's email.
    const ownProof = await proofOf('eve@example.com')
    const swapped = await withEmailProof(
      { userName: 'eve', email: victim, ...stranger },
      ownProof,
    )
    const refused = await backend.signUp(post('/api/create-account', swapped))
    expect(refused.status).toBe(400)
    expect((await refused.json()).code).toBe('email_not_verified')
    expect(await accountsOf(victim)).toEqual([victimAccount])
    expect(await accountsOf('eve@example.com')).toEqual([])

    // The victim's recovery meets one account and emails its code.
    const recovery = await backend.startRecovery(
      post('/api/start-recovery', {
        email: victim,
        type: 'email',
        targetPublicKey: newTargetKey().publicKey,
      }),
    )
    expect(recovery.status).toBe(200)
    await sent()
    expect((await emailsTo(vendor, victim)).map((e) => e.kind)).toEqual([
      'otp',
      'email_auth',
    ])
    expect(await recoveredAccount(victim)).toBe(victimAccount)
  })

  it("a look-alike of the victim's address (the Kelvin sign for K) is refused at every route before any code is sent: it can neither take nor block hers", async () => {
    const victim = 'kim@example.com'
    expect((await signUp('kim', victim)).response.status).toBe(200)
    const lookalike = '\u212Aim@example.com'
    const { challenge, attestation } = new SoftwareAuthenticator().register()
    const answers = await Promise.all([
      backend.sendEmailCode(post('/api/send-email-code', { email: lookalike })),
      backend.startRecovery(
        post('/api/start-recovery', {
          email: lookalike,
          type: 'email',
          targetPublicKey: newTargetKey().publicKey,
        }),
      ),
      backend.signUp(
        post('/api/create-account', {
          userName: 'eve',
          email: lookalike,
          challenge,
          attestation,
        }),
      ),
    ])
    for (const answer of answers) {
      expect(answer.status).toBe(400)
      expect((await answer.json()).code).toBe('invalid_email')
    }
    await sent()
    // Only the victim's own sign-up code reached her inbox; her recovery reaches her account.
    expect((await emailsTo(vendor, victim)).map((e) => e.kind)).toEqual(['otp'])
    expect(await recoveredAccount(victim)).toBe((await accountsOf(victim))[0])
  })

  /** A stranger's own account, with the victim's email set on it without a proof (`update_user`). */
  async function plant(email: string) {
    const { passkey, response } = await signUp('eve', 'eve@example.com')
    const { subOrganizationId } = (await response.json()) as {
      subOrganizationId: string
    }
    const eve = new TurnkeyClient({ baseUrl: vendor.url }, passkey.stamper())
    const { userId } = await eve.getWhoami({
      organizationId: vendor.parentOrganizationId,
    })
    const planted = await eve.updateUser({
      type: 'ACTIVITY_TYPE_UPDATE_USER',
      timestampMs: String(Date.now()),
      organizationId: subOrganizationId,
      parameters: { userId, userEmail: email, userTagIds: [] },
    })
    expect(planted.activity.status).toBe('ACTIVITY_STATUS_COMPLETED')
    // The vendor keeps the email, unverified: its old proof went with the old address.
    expect(await accountsOf(email)).toContain(subOrganizationId)
    expect(await subOrganizationsOf(vendor, 'eve@example.com')).toEqual([])
    return subOrganizationId
  }

  it("the plant after sign-up: a stranger's account with the victim's email neither blocks nor takes the victim's recovery", async () => {
    const victim = 'planted-after@example.com'
    expect((await signUp('victim', victim)).response.status).toBe(200)
    const [victimAccount] = await subOrganizationsOf(vendor, victim)
    const decoy = await plant(victim)
    expect(await subOrganizationsOf(vendor, victim)).toEqual([victimAccount])
    expect(await recoveredAccount(victim)).toBe(victimAccount)
    expect(victimAccount).not.toBe(decoy)
  })

  it('the plant before sign-up: Alice signs up as usual, and her recovery reaches her account only', async () => {
    const alice = 'planted-before@example.com'
    const decoy = await plant(alice)
    expect(await recoveredAccount(alice)).toBeUndefined()
    // Her code is not met with "already has an account".
    const { response } = await signUp('alice', alice)
    expect(response.status).toBe(200)
    const { subOrganizationId } = (await response.json()) as {
      subOrganizationId: string
    }
    expect(await subOrganizationsOf(vendor, alice)).toEqual([subOrganizationId])
    expect(await recoveredAccount(alice)).toBe(subOrganizationId)
    expect(subOrganizationId).not.toBe(decoy)
  })

  it('an account made without an email can be reached by no email method, even after one is set on it', async () => {
    const { passkey, response } = await signUp('nomail')
    const { subOrganizationId } = (await response.json()) as {
      subOrganizationId: string
    }
    const user = new TurnkeyClient({ baseUrl: vendor.url }, passkey.stamper())
    const { userId } = await user.getWhoami({
      organizationId: vendor.parentOrganizationId,
    })
    await user.updateUser({
      type: 'ACTIVITY_TYPE_UPDATE_USER',
      timestampMs: String(Date.now()),
      organizationId: subOrganizationId,
      parameters: { userId, userEmail: 'late@example.com', userTagIds: [] },
    })
    await expect(
      backendClient(vendor).emailAuth({
        organizationId: subOrganizationId,
        email: 'late@example.com',
        targetPublicKey: newTargetKey().publicKey,
        emailCustomization: { appName: 'Server test' },
      }),
    ).rejects.toThrow(/email auth is disabled for this organization/)
    await expect(
      backendClient(vendor).initUserEmailRecovery({
        organizationId: subOrganizationId,
        email: 'late@example.com',
        targetPublicKey: newTargetKey().publicKey,
        emailCustomization: { appName: 'Server test' },
      }),
    ).rejects.toThrow(/email recovery is disabled for this organization/)
    expect(await emailsTo(vendor, 'late@example.com')).toEqual([])
  })

  it('a wrong code is refused with the tries left; the right one then proves the email, once', async () => {
    const email = 'typo@example.com'
    const sent = await backend.sendEmailCode(
      post('/api/send-email-code', { email }),
    )
    const { otpId, otpEncryptionTargetBundle } = await sent.json()
    const code = (await emailsTo(vendor, email))[0]!.secret
    expect(code).toMatch(/^\d{6}$/)
    const publicKey = `02${'11'.repeat(32)}`
    const wrong = await backend.verifyEmailCode(
      post('/api/verify-email-code', {
        otpId,
        otpEncryptionTargetBundle,
        otpCode: code === '000000' ? '111111' : '000000',
        publicKey,
      }),
    )
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toEqual({
      code: 'invalid_email_code',
      message: 'The code is invalid or expired. 2 tries left.',
    })
    const right = await backend.verifyEmailCode(
      post('/api/verify-email-code', {
        otpId,
        otpEncryptionTargetBundle,
        otpCode: code,
        publicKey,
      }),
    )
    expect(right.status).toBe(200)
    expect(Object.keys(await right.json())).toEqual([
      'verificationToken',
      'verificationTokenId',
    ])
    // Spent: the vendor's code 9 (failed precondition) asks for a new code.
    const again = await backend.verifyEmailCode(
      post('/api/verify-email-code', {
        otpId,
        otpEncryptionTargetBundle,
        otpCode: code,
        publicKey,
      }),
    )
    expect(again.status).toBe(400)
    expect(await again.json()).toEqual({
      code: 'email_code_expired',
      message: 'The code is invalid or expired. Ask for a new code.',
    })
  })

  it("the attack: what verify-email-code answers, read in transit, is no proof a stranger can spend on his own account, and the owner's sign-up keeps her email", async () => {
    const email = 'kim@example.com'
    const seen = await proofOf(email)
    // The stranger's own account, which he stamps with his own passkey.
    const stranger = await signUp('eve')
    expect(stranger.response.status).toBe(200)
    const { subOrganizationId } = await stranger.response.json()
    const eve = new TurnkeyClient(
      { baseUrl: vendor.url },
      stranger.passkey.stamper(),
    )
    const { userId } = await eve.getWhoami({
      organizationId: subOrganizationId,
    })
    // The update_user_email the vendor takes a bare token for: no client signature exists there.
    await expect(
      eve.updateUserEmail({
        type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL',
        timestampMs: String(Date.now()),
        organizationId: subOrganizationId,
        parameters: {
          userId,
          userEmail: email,
          verificationToken: seen.verificationToken,
        },
      }),
    ).rejects.toThrow(/verification token/i)
    expect(await accountsOf(email)).toEqual([])
    // The owner's sign-up, with the very answer the stranger saw, keeps her email.
    const { challenge, attestation } = new SoftwareAuthenticator().register()
    const created = await backend.signUp(
      post(
        '/api/create-account',
        await withEmailProof(
          { userName: 'kim', email, challenge, attestation },
          seen,
        ),
      ),
    )
    expect(created.status).toBe(200)
    expect(await accountsOf(email)).toEqual([
      (await created.json()).subOrganizationId,
    ])
  })

  it('an email that already has an account: its owner is told after the code, at sign-up too, and no second account is made', async () => {
    const email = 'twice@example.com'
    // Two proofs taken before any account exists, as two tabs could.
    const first = await proofOf(email)
    const second = await proofOf(email)
    const passkey = () => {
      const { challenge, attestation } = new SoftwareAuthenticator().register()
      return { challenge, attestation }
    }
    const firstBody = await withEmailProof(
      { userName: 'ada', email, ...passkey() },
      first,
    )
    const created = await backend.signUp(post('/api/create-account', firstBody))
    expect(created.status).toBe(200)

    const secondSignUp = await backend.signUp(
      post(
        '/api/create-account',
        await withEmailProof({ userName: 'ada', email, ...passkey() }, second),
      ),
    )
    expect(secondSignUp.status).toBe(409)
    expect((await secondSignUp.json()).code).toBe('email_taken')
    // The same body replayed makes nothing either: its passkey has the account.
    const replayed = await backend.signUp(
      post('/api/create-account', firstBody),
    )
    expect(replayed.status).toBe(409)
    expect((await replayed.json()).code).toBe('passkey_has_account')
    // A new code for the address: the owner learns it once the code is typed.
    const { response } = await proveEmail(backend, vendor.url, email)
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({
      code: 'email_taken',
      message:
        'This email already has an account. Recover it instead of signing up again.',
    })
    expect(await accountsOf(email)).toHaveLength(1)
  })

  it('two sign-ups with one proof at once (two tabs): one account, and the other is told the email has it', async () => {
    const email = 'race@example.com'
    const proof = await proofOf(email)
    const bodies = await Promise.all(
      [0, 1].map(() => {
        const { challenge, attestation } =
          new SoftwareAuthenticator().register()
        return withEmailProof(
          { userName: 'ada', email, challenge, attestation },
          proof,
        )
      }),
    )
    // Both may pass the account check before either is made: the vendor
    // then refuses the spent proof (code 9), which is not its failure.
    const answers = await Promise.all(
      bodies.map(async (body) => {
        const response = await backend.signUp(post('/api/create-account', body))
        return { status: response.status, code: (await response.json()).code }
      }),
    )
    expect(answers.map(({ status }) => status).sort()).toEqual([200, 409])
    expect(answers.find(({ status }) => status === 409)?.code).toBe(
      'email_taken',
    )
    expect(await accountsOf(email)).toHaveLength(1)
  })

  it('sending a code answers the same for an address with an account and one without', async () => {
    expect((await signUp('ada', 'has-one@example.com')).response.status).toBe(
      200,
    )
    const answers = await Promise.all(
      ['has-one@example.com', 'has-none@example.com'].map(async (email) => {
        const response = await backend.sendEmailCode(
          post('/api/send-email-code', { email }),
        )
        return {
          status: response.status,
          keys: Object.keys(await response.json()),
        }
      }),
    )
    expect(answers[0]).toEqual(answers[1])
    expect(answers[0]).toEqual({
      status: 200,
      keys: ['otpId', 'otpEncryptionTargetBundle'],
    })
  })
})

describe('public routes give no oracle and no free emails', () => {
  it('recovery start: a known and an unknown email answer the same status and bytes, and neither before the floor', async () => {
    const floorMs = 1200
    const floored = backendWith({ startRecoveryFloorMs: floorMs })
    expect((await signUp('ada', 'floor@example.com')).response.status).toBe(200)
    const timed = async (email: string) => {
      const startedAt = performance.now()
      const response = await floored.startRecovery(
        post('/api/start-recovery', {
          email,
          type: 'email',
          targetPublicKey: newTargetKey().publicKey,
        }),
      )
      return {
        status: response.status,
        text: await response.text(),
        elapsedMs: performance.now() - startedAt,
      }
    }
    const known = await timed('floor@example.com')
    const unknown = await timed('no-floor@example.com')
    await sent()
    expect(unknown.status).toBe(known.status)
    expect(unknown.text).toBe(known.text)
    // A lower bound only: a slow machine can only make it later.
    expect(known.elapsedMs).toBeGreaterThanOrEqual(floorMs - 5)
    expect(unknown.elapsedMs).toBeGreaterThanOrEqual(floorMs - 5)
  })

  it('recovery start whose body arrives after the deadline: 408 request_timeout, never 502, and the late body sends nothing', async () => {
    const email = 'late-body@example.com'
    await signUp('ada', email)
    const slow = backendWith({
      verificationTokenPublicKey: vendor.signerPublicKey,
      vendorTimeoutMs: 200,
      startRecoveryFloorMs: 0,
    })
    let deliver!: () => void
    const delivered = new Promise<void>((resolve) => {
      deliver = resolve
    })
    let consumed!: () => void
    const read = new Promise<void>((resolve) => {
      consumed = resolve
    })
    const body = new TextEncoder().encode(
      JSON.stringify({
        email,
        type: 'email',
        targetPublicKey: newTargetKey().publicKey,
      }),
    )
    const request = new Request('http://localhost/api/start-recovery', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        async pull(controller) {
          await delivered
          controller.enqueue(body)
          controller.close()
          consumed()
        },
      }),
      duplex: 'half',
    } as RequestInit)
    const response = await slow.startRecovery(request)
    expect(response.status).toBe(408)
    expect(await response.json()).toEqual({
      code: 'request_timeout',
      message:
        "The request's body did not arrive within 200 ms: send it again.",
    })
    // The body comes after all: it starts nothing (whatever it set off would
    // be queued by the turn after the handler read it).
    deliver()
    await read
    await new Promise((resolve) => setImmediate(resolve))
    await sent()
    expect(
      (await emailsTo(vendor, email)).filter((e) => e.kind === 'email_auth'),
    ).toEqual([])
  })

  it("a stranger's recovery start voids nothing: the owner's earlier code still opens her account, and each code ends when used or expired", async () => {
    const email = 'twice-coded@example.com'
    const { subOrganizationId } = (await (
      await signUp('ada', email)
    ).response.json()) as { subOrganizationId: string }
    // The owner starts a recovery, and keeps her code's key in her page.
    const owner = newTargetKey()
    expect(
      (
        await backend.startRecovery(
          post('/api/start-recovery', {
            email,
            type: 'email',
            targetPublicKey: owner.publicKey,
          }),
        )
      ).status,
    ).toBe(200)
    await sent()
    const [ownerCode] = (await emailsTo(vendor, email)).filter(
      (e) => e.kind === 'email_auth',
    )
    // A stranger who knows the address starts recoveries of his own.
    for (const _ of [1, 2]) {
      expect(
        (
          await backend.startRecovery(
            post('/api/start-recovery', {
              email,
              type: 'email',
              targetPublicKey: newTargetKey().publicKey,
            }),
          )
        ).status,
      ).toBe(200)
      await sent()
    }
    // Her code still opens her account.
    const key = decryptCredentialBundle(ownerCode!.secret, owner.privateKey)
    const { organizationId } = await keyClient(vendor, key).getWhoami({
      organizationId: vendor.parentOrganizationId,
    })
    expect(organizationId).toBe(subOrganizationId)
  })

  it('authorize runs before any vendor call, with the parsed body: false is 403, its own Response is answered as is', async () => {
    const seen: unknown[] = []
    const before = (await activities()).length
    const gated = (verdict: unknown) =>
      backendWith({
        authorize: (_request, body, route) => {
          seen.push([route, body])
          return verdict
        },
      })
    const refused = await gated(false).sendEmailCode(
      post('/api/send-email-code', { email: 'gated@example.com' }),
    )
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({
      code: 'forbidden',
      message: 'This request was refused by the app.',
    })
    const limited = await gated(
      Response.json({ code: 'slow_down' }, { status: 429 }),
    ).startRecovery(
      post('/api/start-recovery', {
        email: 'gated@example.com',
        type: 'email',
        targetPublicKey: newTargetKey().publicKey,
      }),
    )
    expect(limited.status).toBe(429)
    expect(seen).toEqual([
      ['send-email-code', { email: 'gated@example.com' }],
      [
        'start-recovery',
        expect.objectContaining({ email: 'gated@example.com' }),
      ],
    ])
    await sent()
    expect(await activities()).toHaveLength(before)
    expect(await emailsTo(vendor, 'gated@example.com')).toEqual([])
  })

  it('a replayed sign-up makes no second sub-organization and names none: a stranger with the credential id learns nothing', async () => {
    const { challenge, attestation } = new SoftwareAuthenticator().register()
    const body = { userName: 'ada', challenge, attestation }
    const first = await backend.signUp(post('/api/create-account', body))
    expect(first.status).toBe(200)
    const { subOrganizationId } = await first.json()
    const replayed = await backend.signUp(post('/api/create-account', body))
    // A stranger's own attestation, naming the user's credential id.
    const forged = new SoftwareAuthenticator().register()
    const stranger = await backend.signUp(
      post('/api/create-account', {
        userName: 'eve',
        challenge: forged.challenge,
        attestation: {
          ...forged.attestation,
          credentialId: attestation.credentialId,
        },
      }),
    )
    const refusal = {
      code: 'passkey_has_account',
      message: 'This passkey already has an account: log in with it.',
    }
    for (const answer of [replayed, stranger]) {
      expect(answer.status).toBe(409)
      const text = await answer.text()
      expect(JSON.parse(text)).toEqual(refusal)
      expect(text).not.toContain(subOrganizationId)
    }
    const { organizationIds } = await backendClient(vendor).getSubOrgIds({
      organizationId: vendor.parentOrganizationId,
      filterType: 'CREDENTIAL_ID',
      filterValue: attestation.credentialId,
    })
    expect(organizationIds).toEqual([subOrganizationId])
  })
})
