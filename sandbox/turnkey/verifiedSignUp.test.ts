import { generateKeyPairSync, randomUUID, sign } from 'node:crypto'
import { encryptOtpCodeToBundle } from '@turnkey/crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readVerificationTokenClaims } from '../../src/turnkey/verificationToken.js'
import { postToProxy } from '../../test/helpers/authProxyUsers.js'
import { advanceClock } from '../../test/helpers/sandboxSwitches.js'
import { SoftwareAuthenticator } from '../../test/helpers/softwareAuthenticator.js'
import {
  activityBody,
  newestCode,
  parentStamper,
  postStamped,
  vendorRefusal as refused,
} from '../../test/helpers/vendorUsers.js'
import { type AuthProxy, startAuthProxy } from './authProxy/startAuthProxy.js'
import { startVendor, type Vendor } from './startVendor.js'

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

/** A public API request as the host backend sends it: stamped with the parent's API key. */
const vendorPost = (path: string, body: Record<string, unknown>) =>
  postStamped(vendor, path, body, parentStamper(vendor))

const submit = (
  name: string,
  type: string,
  parameters: Record<string, unknown>,
) =>
  vendorPost(
    `submit/${name}`,
    activityBody(type, vendor.parentOrganizationId, parameters, Date.now()),
  )

/** The sub-organizations with a user of this email (`list_suborgs`). */
async function subOrganizationsOf(email: string) {
  const { body } = await vendorPost('query/list_suborgs', {
    organizationId: vendor.parentOrganizationId,
    filterType: 'EMAIL',
    filterValue: email,
  })
  return body.organizationIds as string[]
}

/** The browser's key for one verification: P-256, compressed public key, raw r‖s signatures. */
function clientKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
  })
  const { x, y } = publicKey.export({ format: 'jwk' })
  const yLast = Buffer.from(y!, 'base64url').at(-1)!
  return {
    publicKey: `${yLast % 2 ? '03' : '02'}${Buffer.from(x!, 'base64url').toString('hex')}`,
    signRaw: (message: string) =>
      sign('sha256', Buffer.from(message, 'utf8'), {
        key: privateKey,
        dsaEncoding: 'ieee-p1363',
      }).toString('hex'),
  }
}
type ClientKey = ReturnType<typeof clientKey>

/** init_otp (V3), the code from the outbox, verify_otp (V2) binding `key`: the verification token. */
async function verifyEmail(
  email: string,
  key: ClientKey,
  verifyParameters: object = {},
) {
  const init = await submit('init_otp', 'ACTIVITY_TYPE_INIT_OTP_V3', {
    otpType: 'OTP_TYPE_EMAIL',
    contact: email,
    appName: 'Sandbox',
  })
  expect(init.status).toBe(200)
  const { otpId, otpEncryptionTargetBundle } =
    init.body.activity.result.initOtpResultV2
  const encryptedOtpBundle = await encryptOtpCodeToBundle(
    await newestCode(vendor, email),
    otpEncryptionTargetBundle,
    key.publicKey,
    vendor.signerPublicKey,
  )
  const verified = await submit('verify_otp', 'ACTIVITY_TYPE_VERIFY_OTP_V2', {
    otpId,
    encryptedOtpBundle,
    ...verifyParameters,
  })
  expect(verified.status).toBe(200)
  return verified.body.activity.result.verifyOtpResult
    .verificationToken as string
}

const tokenId = (token: string) =>
  (
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      id: string
    }
  ).id

/** The `clientSignature` of `message`, as the vendor's SDKs send it. */
const clientSignature = (key: ClientKey, message: string) => ({
  publicKey: key.publicKey,
  scheme: 'CLIENT_SIGNATURE_SCHEME_API_P256',
  message,
  signature: key.signRaw(message),
})

type RootUser = ReturnType<typeof rootUser>

/** The sign-up usage of `token` for `user`, signed by `key`. */
const signupSignature = (token: string, key: ClientKey, user: RootUser) =>
  clientSignature(
    key,
    JSON.stringify({
      signupV2: {
        email: user.userEmail,
        apiKeys: user.apiKeys,
        authenticators: user.authenticators,
        oauthProviders: user.oauthProviders,
      },
      tokenId: tokenId(token),
      type: 'USAGE_TYPE_SIGNUP',
    }),
  )

const rootUser = (email: string) => ({
  userName: email,
  userEmail: email,
  apiKeys: [] as unknown[],
  authenticators: [new SoftwareAuthenticator().register()],
  oauthProviders: [] as unknown[],
})

const createSubOrganization = (
  user: RootUser,
  extra: Record<string, unknown>,
) =>
  submit(
    'create_sub_organization',
    'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
    {
      subOrganizationName: `${user.userEmail} ${randomUUID()}`,
      rootQuorumThreshold: 1,
      rootUsers: [user],
      ...extra,
    },
  )

const newEmail = () => `${randomUUID()}@example.com`

const alreadyUsed = refused(
  400,
  9,
  'verification token already used: verify a new OTP code',
)

describe('a look-alike email (the Kelvin sign for K)', () => {
  const lookalike = '\u212Aim@example.com'

  it('is refused wherever an address comes in, before any code is sent or anything is stored', async () => {
    const init = await submit('init_otp', 'ACTIVITY_TYPE_INIT_OTP_V3', {
      otpType: 'OTP_TYPE_EMAIL',
      contact: lookalike,
      appName: 'Sandbox',
    })
    expect(init.status).toBe(400)
    expect(init.body.message).toContain('NFKC')
    expect(vendor.outbox.to(lookalike)).toEqual([])
    const lookup = await vendorPost('query/list_verified_suborgs', {
      organizationId: vendor.parentOrganizationId,
      filterType: 'EMAIL',
      filterValue: lookalike,
    })
    expect(lookup.status).toBe(400)
    const account = await submit(
      'create_sub_organization',
      'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
      {
        subOrganizationName: 'look-alike',
        rootQuorumThreshold: 1,
        rootUsers: [
          {
            userName: 'eve',
            userEmail: lookalike,
            apiKeys: [],
            authenticators: [],
            oauthProviders: [],
          },
        ],
      },
    )
    expect(account.status).toBe(400)
    expect(await subOrganizationsOf('kim@example.com')).toEqual([])
  })

  it('the plain address it reads as is one address in every case', async () => {
    const key = clientKey()
    const token = await verifyEmail('Kim@Example.com', key)
    expect(readVerificationTokenClaims(token)?.contact).toBe('Kim@Example.com')
    expect(vendor.outbox.to('kim@example.com')).toHaveLength(1)
  })
})

describe('create_sub_organization with a verification token', () => {
  it('creates the sub-organization once per token', async () => {
    const email = newEmail()
    const key = clientKey()
    const token = await verifyEmail(email, key)
    const user = rootUser(email)
    const created = await createSubOrganization(user, {
      verificationToken: token,
      clientSignature: signupSignature(token, key, user),
    })
    expect(created.status).toBe(200)
    const { subOrganizationId } =
      created.body.activity.result.createSubOrganizationResultV8
    expect(await subOrganizationsOf(email)).toEqual([subOrganizationId])

    expect(
      await createSubOrganization(user, {
        verificationToken: token,
        clientSignature: signupSignature(token, key, user),
      }),
    ).toEqual(alreadyUsed)
    expect(await subOrganizationsOf(email)).toEqual([subOrganizationId])
  })

  it('accepts the `signup` usage, any key order and any email case', async () => {
    const email = newEmail()
    const key = clientKey()
    const token = await verifyEmail(email, key)
    const user = { ...rootUser(email), userEmail: email.toUpperCase() }
    const [authenticator] = user.authenticators
    const message = JSON.stringify({
      type: 'USAGE_TYPE_SIGNUP',
      signup: {
        authenticators: [
          {
            attestation: authenticator!.attestation,
            challenge: authenticator!.challenge,
            authenticatorName: authenticator!.authenticatorName,
          },
        ],
        email,
        oauthProviders: [],
      },
      tokenId: tokenId(token),
    })
    const created = await createSubOrganization(user, {
      verificationToken: token,
      clientSignature: clientSignature(key, message),
    })
    expect(created.status).toBe(200)
    expect(await subOrganizationsOf(user.userEmail)).toHaveLength(1)
  })

  it('refuses a token verifying another email than the root user’s', async () => {
    const email = newEmail()
    const other = newEmail()
    const key = clientKey()
    const token = await verifyEmail(email, key)
    const user = rootUser(other)
    expect(
      await createSubOrganization(user, {
        verificationToken: token,
        clientSignature: signupSignature(token, key, user),
      }),
    ).toEqual(
      refused(
        400,
        3,
        'the email the verification token verified is not the userEmail of any root user',
      ),
    )
    expect(await subOrganizationsOf(other)).toEqual([])
    expect(await subOrganizationsOf(email)).toEqual([])
  })

  it('refuses an expired token', async () => {
    const email = newEmail()
    const key = clientKey()
    const token = await verifyEmail(email, key, { expirationSeconds: '60' })
    await advanceClock(vendor.url, 61_000)
    const user = rootUser(email)
    expect(
      await createSubOrganization(user, {
        verificationToken: token,
        clientSignature: signupSignature(token, key, user),
      }),
    ).toEqual(
      refused(400, 9, 'verification token expired: verify a new OTP code'),
    )
    expect(await subOrganizationsOf(email)).toEqual([])
  })

  it('refuses a missing, foreign, forged or mismatched client signature, and the token stays usable', async () => {
    const email = newEmail()
    const key = clientKey()
    const other = clientKey()
    const token = await verifyEmail(email, key)
    const user = rootUser(email)
    const attempt = (signature: unknown) =>
      createSubOrganization(user, {
        verificationToken: token,
        ...(signature === undefined ? {} : { clientSignature: signature }),
      })

    expect(await attempt(undefined)).toEqual(
      refused(
        400,
        3,
        'clientSignature is required with a verificationToken: the token is bound to the public key given to verify_otp, which must sign the sign-up usage',
      ),
    )
    expect(await attempt(signupSignature(token, other, user))).toEqual(
      refused(
        401,
        16,
        'client signature public key does not match the public key of the verification token',
      ),
    )
    expect(
      await attempt({
        ...signupSignature(token, other, user),
        publicKey: key.publicKey,
      }),
    ).toEqual(
      refused(
        401,
        16,
        'could not verify client signature (raw r‖s hex over sha256 of the message, by the verification token’s key)',
      ),
    )
    const [authenticator] = user.authenticators
    const otherChallenge = {
      ...user,
      authenticators: [
        { ...authenticator!, challenge: `${authenticator!.challenge}A` },
      ],
    }
    expect(await attempt(signupSignature(token, key, otherChallenge))).toEqual(
      refused(
        400,
        3,
        'client signature sign-up usage: authenticators differ from the root user’s authenticators in the request',
      ),
    )
    const { email: _, ...withoutEmail } = JSON.parse(
      signupSignature(token, key, user).message,
    ).signupV2
    expect(
      await attempt(
        clientSignature(
          key,
          JSON.stringify({
            signupV2: withoutEmail,
            tokenId: tokenId(token),
            type: 'USAGE_TYPE_SIGNUP',
          }),
        ),
      ),
    ).toEqual(
      refused(
        400,
        3,
        'client signature sign-up usage: email must be the email the verification token verified',
      ),
    )
    expect(
      await attempt(
        clientSignature(
          key,
          JSON.stringify({
            login: { publicKey: key.publicKey },
            tokenId: tokenId(token),
            type: 'USAGE_TYPE_LOGIN',
          }),
        ),
      ),
    ).toEqual(
      refused(
        400,
        3,
        'client signature message must be the sign-up usage of this token: {"signupV2":{"email":…,"apiKeys":…,"authenticators":…,"oauthProviders":…},"tokenId":…,"type":"USAGE_TYPE_SIGNUP"}',
      ),
    )
    expect(await subOrganizationsOf(email)).toEqual([])

    // Refusals spend nothing: the right signature still signs up.
    expect((await attempt(signupSignature(token, key, user))).status).toBe(200)
    expect(await subOrganizationsOf(email)).toHaveLength(1)
  })

  it('refuses a client signature without a verification token', async () => {
    const email = newEmail()
    const key = clientKey()
    const user = rootUser(email)
    expect(
      await createSubOrganization(user, {
        clientSignature: clientSignature(key, '{}'),
      }),
    ).toEqual(
      refused(
        400,
        3,
        'clientSignature is only accepted with the verificationToken it signs for',
      ),
    )
    expect(await subOrganizationsOf(email)).toEqual([])
  })
})

describe('the Auth Proxy’s signup with a verification token', () => {
  const proxy = (path: string, body: object) =>
    postToProxy(authProxy, path, body)

  it('creates the sub-organization, once per token', async () => {
    const email = newEmail()
    const key = clientKey()
    const init = await proxy('/v1/otp_init', {
      otpType: 'OTP_TYPE_EMAIL',
      contact: email,
    })
    expect(init.status).toBe(200)
    const verified = await proxy('/v1/otp_verify', {
      otpId: init.body.otpId,
      otpCode: await newestCode(vendor, email),
      publicKey: key.publicKey,
    })
    expect(verified.status).toBe(200)
    const { verificationToken } = verified.body as { verificationToken: string }
    const user = rootUser(email)
    const signup = {
      ...user,
      organizationName: `${email}'s organization`,
      verificationToken,
      clientSignature: signupSignature(verificationToken, key, user),
    }

    const created = await proxy('/v1/signup', signup)
    expect(created.status).toBe(200)
    expect(await subOrganizationsOf(email)).toEqual([
      created.body.organizationId,
    ])
    expect(await proxy('/v1/signup', signup)).toEqual(alreadyUsed)
    expect(await subOrganizationsOf(email)).toHaveLength(1)
  })
})
