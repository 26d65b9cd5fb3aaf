import { generateKeyPairSync, sign } from 'node:crypto'
import {
  decryptCredentialBundle,
  encryptOtpCodeToBundle,
  generateP256KeyPair,
} from '@turnkey/crypto'
import { serializeTransaction } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  type IdentityProvider,
  startIdentityProvider,
} from '../../../sandbox/oidc/startIdentityProvider.js'
import { setGasUsageConfig } from '../../../sandbox/turnkey/gasUsageConfig.js'
import { publicApi } from '../../../sandbox/turnkey/openapi/documents.js'
import {
  requestSchema,
  validateAgainstSchema,
} from '../../../sandbox/turnkey/openapi/validateAgainstSchema.js'
import { routes } from '../../../sandbox/turnkey/routes.js'
import { signingSessionProfileId } from '../../../sandbox/turnkey/signingSessionProfile.js'
import {
  generateApiKeyPair,
  startVendor,
  type Vendor,
} from '../../../sandbox/turnkey/startVendor.js'
import { oauthNonce, signInWithProvider } from '../../helpers/oidcSignIn.js'
import { tally } from '../../helpers/reliabilityTally.js'
import { SoftwareAuthenticator } from '../../helpers/softwareAuthenticator.js'
import {
  activityBody,
  emailsTo,
  ethereumAccount,
  keyStamper,
  lastEmail,
  postStamped,
  vendorRefusal as refused,
  type Stamper,
  signUp,
} from '../../helpers/vendorUsers.js'

/*
 * Stamps from one organization never act on another. Two sibling
 * sub-organizations, A and B, under the sandbox parent: every credential A
 * holds (passkey, API key, and each kind of key the vendor hands out) is
 * sent, correctly stamped, to every path the emulator serves, with B's ids
 * in the body. The vendor's rules for a sub-organization's
 * credential with the parent's id, and the parent's credential with a
 * sub-organization's id, say what each answer must be; B's state, read with B's own passkey, must not move.
 */

type Answer = { status: number; body: any }
type Path = { kind: 'query' | 'submit'; name: string; types: string[] }
type Credential = {
  name: string
  kind: 'apiKey' | 'passkey'
  stamper: Stamper
  /** A recovery credential: the vendor documents it for recover_user alone. */
  recoversOnly?: boolean
}

// The vendor's rules for a credential outside the organization it names.
const parentMayAct = new Set([
  'init_user_email_recovery',
  'email_auth',
  'init_otp_auth',
  'otp_auth',
  'otp_login',
  'oauth_login',
])
const subOrgMayUseParentId = new Set([
  'whoami',
  'create_read_write_session',
  'stamp_login',
])
const notFoundMessage = {
  apiKey:
    'could not find public key in organization or its parent organization',
  passkey:
    'credential ID could not be found in organization or its parent organization',
}
const notAuthorized = refused(403, 7, 'request not authorized')
const recoveryOnly = (name: string) =>
  refused(
    403,
    7,
    `request not authorized: a recovery credential may sign recover_user and whoami only, not ${name}`,
  )

/**
 * Whether the vendor's published schema takes activity `type` on submit/`name`:
 * a version it no longer documents is refused as a bad body before any stamp
 * is read, so it tests nothing about organizations.
 */
function publishedType(name: string, type: string) {
  const schema = requestSchema(publicApi, `/public/v1/submit/${name}`)
  return (
    schema !== undefined &&
    !validateAgainstSchema(publicApi, schema, { type }).some((problem) =>
      problem.startsWith('type '),
    )
  )
}

let vendor: Vendor
/** The identity provider the vendor trusts: B signs in with it. */
let idp: IdentityProvider
let parentKey: Stamper
/** Every path the emulator serves, as its route table declares them. */
let paths: Path[]
let a: Awaited<ReturnType<typeof signUp>>
/** Every credential A holds. */
let credentials: Credential[]
/** B, and ids from its state that a request could name. */
let b: Awaited<ReturnType<typeof signUp>> & {
  walletId: string
  authenticatorId: string
  apiKeyId: string
  apiPublicKey: string
  userTagId: string
  otpId: string
  otpCode: string
  activityId: string
  fingerprint: string
  /** A pending code of the generic OTP flow. */
  otpFlowId: string
  /** A verification token of B's email, not yet spent on a login. */
  verificationToken: string
  sendTransactionStatusId: string
  /** B's OAuth provider, and an ID token of B's person bound to the intruder's login key. */
  oauthProviderId: string
  oidcToken: string
}
let sessionProfileId: string
/** B's pending code, encrypted to its target with the intruder's login key. */
let encryptedOtpOfB: string
/** What an attacker brings: keys and a passkey of its own. */
const intruder = {
  target: generateP256KeyPair(),
  apiKey: generateApiKeyPair(),
  passkey: new SoftwareAuthenticator(),
  email: 'intruder@example.com',
  address: '0x000000000000000000000000000000000000dEaD',
  loginKey: generateKeyPairSync('ec', { namedCurve: 'P-256' }),
}

/** The intruder's login key as the vendor takes it: the compressed point, in hex. */
function loginPublicKey() {
  const { x, y } = intruder.loginKey.publicKey.export({ format: 'jwk' })
  const parity = Buffer.from(y!, 'base64url').at(-1)! & 1
  return `0${2 + parity}${Buffer.from(x!, 'base64url').toString('hex')}`
}

/** A client signature by the intruder's login key: raw r‖s over the message, in hex. */
function loginSignature(message: string) {
  return {
    publicKey: loginPublicKey(),
    scheme: 'CLIENT_SIGNATURE_SCHEME_API_P256',
    message,
    signature: sign('sha256', Buffer.from(message), {
      key: intruder.loginKey.privateKey,
      dsaEncoding: 'ieee-p1363',
    }).toString('hex'),
  }
}

const sessionClaimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'))

/** The request for `path` on `organizationId`, stamped by `stamper`: a query's fields sit beside the id, an activity's under `parameters`. */
function send(
  { kind, name }: Path,
  type: string,
  organizationId: string,
  parameters: Record<string, unknown>,
  stamper: Stamper | undefined,
) {
  return postStamped(
    vendor,
    `${kind}/${name}`,
    kind === 'query'
      ? { organizationId, ...parameters }
      : activityBody(type, organizationId, parameters, vendor.clock.now()),
    stamper,
  )
}

/** An activity that must complete; its result. */
async function activity(
  name: string,
  type: string,
  organizationId: string,
  parameters: Record<string, unknown>,
  stamper: Stamper,
) {
  const answer = await send(
    { kind: 'submit', name, types: [type] },
    type,
    organizationId,
    parameters,
    stamper,
  )
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.activity
}

const appName = { appName: 'Cross-organization check' }

/**
 * Plausible parameters for each path, naming B's things: its user, wallet,
 * address, keys, pending code, activity awaiting a vote.
 */
function parametersOnB(name: string): Record<string, unknown> {
  const target = intruder.target.publicKeyUncompressed
  const unsignedTransaction = serializeTransaction({
    chainId: 1,
    type: 'eip1559',
    to: b.address,
    value: 1n,
    nonce: 0,
    gas: 21_000n,
    maxFeePerGas: 1n,
    maxPriorityFeePerGas: 1n,
  })
  const byPath: Record<string, Record<string, unknown>> = {
    whoami: {},
    get_user: { userId: b.userId },
    list_users: {},
    get_wallet: { walletId: b.walletId },
    list_wallets: {},
    list_wallet_accounts: { walletId: b.walletId },
    get_activity: { activityId: b.activityId },
    list_activities: {},
    get_api_keys: { userId: b.userId },
    get_authenticators: { userId: b.userId },
    get_organization: {},
    list_suborgs: { filterType: 'EMAIL', filterValue: b.email },
    list_verified_suborgs: { filterType: 'EMAIL', filterValue: b.email },
    create_sub_organization: {
      subOrganizationName: 'Taken over',
      rootQuorumThreshold: 1,
      rootUsers: [
        {
          userName: 'intruder',
          userEmail: b.email,
          apiKeys: [
            {
              apiKeyName: 'intruder',
              publicKey: intruder.apiKey.publicKey,
              curveType: 'API_KEY_CURVE_P256',
            },
          ],
          authenticators: [],
          oauthProviders: [],
        },
      ],
    },
    create_wallet: {
      walletName: 'Intruder wallet',
      accounts: [ethereumAccount],
    },
    create_wallet_accounts: {
      walletId: b.walletId,
      accounts: [{ ...ethereumAccount, path: "m/44'/60'/1'/0/0" }],
    },
    create_authenticators: {
      userId: b.userId,
      authenticators: [intruder.passkey.register('Intruder')],
    },
    delete_authenticators: {
      userId: b.userId,
      authenticatorIds: [b.authenticatorId],
    },
    create_api_keys: {
      userId: b.userId,
      apiKeys: [
        {
          apiKeyName: 'intruder',
          publicKey: intruder.apiKey.publicKey,
          curveType: 'API_KEY_CURVE_P256',
        },
      ],
    },
    delete_api_keys: { userId: b.userId, apiKeyIds: [b.apiKeyId] },
    update_user: {
      userId: b.userId,
      userName: 'intruder',
      userEmail: 'intruder@example.com',
      userTagIds: [b.userTagId],
    },
    update_user_email: { userId: b.userId, userEmail: 'intruder@example.com' },
    create_user_tag: { userTagName: 'intruders', userIds: [b.userId] },
    sign_raw_payload: {
      signWith: b.address,
      payload: `0x${'ab'.repeat(32)}`,
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    },
    sign_raw_payloads: {
      signWith: b.address,
      payloads: [`0x${'ab'.repeat(32)}`],
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    },
    sign_transaction: {
      signWith: b.address,
      unsignedTransaction,
      type: 'TRANSACTION_TYPE_ETHEREUM',
    },
    init_user_email_recovery: {
      email: b.email,
      targetPublicKey: target,
      expirationSeconds: '900',
      emailCustomization: appName,
    },
    recover_user: {
      userId: b.userId,
      authenticator: intruder.passkey.register('Intruder'),
    },
    email_auth: {
      email: b.email,
      targetPublicKey: target,
      emailCustomization: appName,
    },
    init_otp_auth: {
      otpType: 'OTP_TYPE_EMAIL',
      contact: b.email,
      ...appName,
    },
    otp_auth: {
      otpId: b.otpId,
      otpCode: b.otpCode,
      targetPublicKey: target,
    },
    create_read_write_session: { targetPublicKey: target, userId: b.userId },
    stamp_login: {
      publicKey: intruder.apiKey.publicKey,
      expirationSeconds: '900',
    },
    export_wallet: { walletId: b.walletId, targetPublicKey: target },
    export_wallet_account: { address: b.address, targetPublicKey: target },
    approve_activity: { fingerprint: b.fingerprint },
    reject_activity: { fingerprint: b.fingerprint },
    // A code goes to any address (a sign-up verifies one before an account
    // holds it): B's address would only get a code for the organization
    // named, so the intruder asks for its own and B is named by its id.
    init_otp: {
      otpType: 'OTP_TYPE_EMAIL',
      contact: intruder.email,
      ...appName,
    },
    // B's pending code, right and encrypted to B's target: only the organization differs.
    verify_otp: {
      otpId: b.otpFlowId,
      encryptedOtpBundle: encryptedOtpOfB,
    },
    otp_login: {
      verificationToken: b.verificationToken,
      publicKey: loginPublicKey(),
      clientSignature: loginSignature(
        JSON.stringify({
          login: { publicKey: loginPublicKey() },
          tokenId: sessionClaimsOf(b.verificationToken).id,
          type: 'USAGE_TYPE_LOGIN',
        }),
      ),
    },
    create_session_profile: {
      sessionProfileName: 'Intruder',
      scope: 'true',
    },
    get_session_profile: { sessionProfileId },
    get_session_profiles: {},
    get_gas_usage: {},
    get_nonces: {
      address: b.address,
      caip2: 'eip155:8453',
      nonce: true,
      gasStationNonce: true,
    },
    get_send_transaction_status: {
      sendTransactionStatusId: b.sendTransactionStatusId,
    },
    eth_send_transaction: {
      from: b.address,
      caip2: 'eip155:8453',
      calls: [{ to: intruder.address, value: '1' }],
    },
    eth_undelegate_7702: { from: b.address, caip2: 'eip155:8453' },
    // B's person's token, as if stolen whole, bound to the intruder's key.
    oauth_login: { oidcToken: b.oidcToken, publicKey: loginPublicKey() },
    create_oauth_providers: {
      userId: b.userId,
      oauthProviders: [
        {
          providerName: 'Intruder',
          oidcClaims: { iss: idp.issuer, sub: 'intruder', aud: 'intruder' },
        },
      ],
    },
    delete_oauth_providers: {
      userId: b.userId,
      providerIds: [b.oauthProviderId],
    },
    get_oauth_providers: { userId: b.userId },
  }
  const parameters = byPath[name]
  if (!parameters)
    throw new Error(`no parameters naming B for ${name}: add them here`)
  return parameters
}

/** B as B sees it through its own passkey, and the emails it was sent. */
async function stateOfB() {
  const read = async (name: string, fields: Record<string, unknown> = {}) => {
    const answer = await postStamped(
      vendor,
      `query/${name}`,
      { organizationId: b.organizationId, ...fields },
      b.passkey.stamper(),
    )
    expect(answer.status).toBe(200)
    return answer.body
  }
  return {
    organization: await read('get_organization'),
    accounts: await read('list_wallet_accounts'),
    activities: await read('list_activities'),
    apiKeys: await read('get_api_keys', { userId: b.userId }),
    authenticators: await read('get_authenticators', { userId: b.userId }),
    emails: { emails: await emailsTo(vendor, b.email) },
  }
}

/** The parent as its backend sees it: its organization, activities and sub-organizations. */
async function stateOfParent() {
  const read = async (name: string) => {
    const answer = await postStamped(
      vendor,
      `query/${name}`,
      { organizationId: vendor.parentOrganizationId },
      parentKey,
    )
    expect(answer.status).toBe(200)
    return answer.body
  }
  return {
    organization: await read('get_organization'),
    activities: await read('list_activities'),
    subOrganizations: await read('list_suborgs'),
  }
}

/** B's identifiers, lower case: none may appear in an answer to A (beyond what A sent). */
function idsOfB() {
  return [
    b.organizationId,
    b.userId,
    b.walletId,
    b.address,
    b.email,
    b.authenticatorId,
    b.apiKeyId,
    b.apiPublicKey,
    b.userTagId,
    b.activityId,
    b.fingerprint,
    b.passkey.credentialId,
    b.oauthProviderId,
  ].map((id) => id.toLowerCase())
}

/** What `answer` says beyond an echo of the request (an activity's `intent`). */
function beyondEcho(answer: Answer) {
  const { activity: record, ...rest } = answer.body ?? {}
  const { intent: _echo, ...activityRest } = record ?? {}
  return JSON.stringify({ ...rest, activity: activityRest }).toLowerCase()
}

beforeAll(async () => {
  // On the sandbox's chains, so that transactions and nonces are answered by their endpoints.
  idp = await startIdentityProvider()
  vendor = await startVendor({
    chains: inject('sandbox').rpcUrls,
    oidcIssuers: [idp.issuer],
  })
  sessionProfileId = await signingSessionProfileId(vendor)
  // Sponsorship limits, so that the parent may read a sub-organization's gas usage.
  await setGasUsageConfig(vendor, {
    orgWindowLimitUsd: '100',
    subOrgWindowLimitUsd: '10',
    windowDurationMinutes: '60',
  })
  const parent = vendor.parentApiKey
  parentKey = keyStamper(parent.privateKey)
  a = await signUp(vendor, 'ada')
  const bUser = await signUp(vendor, 'bob')
  const onA = a.organizationId
  const onB = bUser.organizationId

  // The paths: every route the emulator declares, each activity path with the types it takes.
  paths = [
    ...Object.keys(routes.query).map((name) => ({
      kind: 'query' as const,
      name,
      types: [],
    })),
    ...Object.entries(routes.submit).map(([name, endpoint]) => ({
      kind: 'submit' as const,
      name,
      types: (endpoint.kind === 'vote'
        ? [endpoint.type]
        : Object.keys(endpoint.resultKeys)
      ).filter((type) => publishedType(name, type)),
    })),
  ]

  // A's credentials: each kind of key the vendor hands a user, and its passkey.
  const apiKey = generateApiKeyPair()
  await activity(
    'create_api_keys',
    'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
    onA,
    {
      userId: a.userId,
      apiKeys: [
        {
          apiKeyName: 'ada api key',
          publicKey: apiKey.publicKey,
          curveType: 'API_KEY_CURVE_P256',
        },
      ],
    },
    a.passkey.stamper(),
  )
  const sessionTarget = generateP256KeyPair()
  const session = await activity(
    'create_read_write_session',
    'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2',
    vendor.parentOrganizationId,
    { targetPublicKey: sessionTarget.publicKeyUncompressed },
    a.passkey.stamper(),
  )
  const loginKey = generateApiKeyPair()
  await activity(
    'stamp_login',
    'ACTIVITY_TYPE_STAMP_LOGIN',
    vendor.parentOrganizationId,
    { publicKey: loginKey.publicKey },
    a.passkey.stamper(),
  )
  const emailTarget = generateP256KeyPair()
  await activity(
    'email_auth',
    'ACTIVITY_TYPE_EMAIL_AUTH_V3',
    onA,
    {
      email: a.email,
      targetPublicKey: emailTarget.publicKeyUncompressed,
      emailCustomization: appName,
    },
    parentKey,
  )
  const emailKey = decryptCredentialBundle(
    (await lastEmail(vendor, a.email)).secret,
    emailTarget.privateKey,
  )
  const recoveryTarget = generateP256KeyPair()
  await activity(
    'init_user_email_recovery',
    'ACTIVITY_TYPE_INIT_USER_EMAIL_RECOVERY_V2',
    onA,
    {
      email: a.email,
      targetPublicKey: recoveryTarget.publicKeyUncompressed,
      emailCustomization: appName,
    },
    parentKey,
  )
  const recoveryKey = decryptCredentialBundle(
    (await lastEmail(vendor, a.email)).secret,
    recoveryTarget.privateKey,
  )
  const otp = await activity(
    'init_otp_auth',
    'ACTIVITY_TYPE_INIT_OTP_AUTH_V3',
    onA,
    { otpType: 'OTP_TYPE_EMAIL', contact: a.email, ...appName },
    parentKey,
  )
  const otpTarget = generateP256KeyPair()
  const otpSession = await activity(
    'otp_auth',
    'ACTIVITY_TYPE_OTP_AUTH',
    onA,
    {
      otpId: otp.result.initOtpAuthResultV2.otpId,
      otpCode: (await lastEmail(vendor, a.email)).secret,
      targetPublicKey: otpTarget.publicKeyUncompressed,
    },
    parentKey,
  )
  credentials = [
    { name: "A's passkey", kind: 'passkey', stamper: a.passkey.stamper() },
    {
      name: "A's API key",
      kind: 'apiKey',
      stamper: keyStamper(apiKey.privateKey),
    },
    {
      name: "A's read-write session key",
      kind: 'apiKey',
      stamper: keyStamper(
        decryptCredentialBundle(
          session.result.createReadWriteSessionResultV2.credentialBundle,
          sessionTarget.privateKey,
        ),
      ),
    },
    {
      name: "A's login session key",
      kind: 'apiKey',
      stamper: keyStamper(loginKey.privateKey),
    },
    {
      name: "A's email-auth key",
      kind: 'apiKey',
      stamper: keyStamper(emailKey),
    },
    {
      name: "A's recovery key",
      kind: 'apiKey',
      stamper: keyStamper(recoveryKey),
      recoversOnly: true,
    },
    {
      name: "A's OTP session key",
      kind: 'apiKey',
      stamper: keyStamper(
        decryptCredentialBundle(
          otpSession.result.otpAuthResult.credentialBundle,
          otpTarget.privateKey,
        ),
      ),
    },
  ]

  // B's state: an API key, a tag, a code waiting to be used, an activity waiting for a vote.
  const bKey = generateApiKeyPair()
  await activity(
    'create_api_keys',
    'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
    onB,
    {
      userId: bUser.userId,
      apiKeys: [
        {
          apiKeyName: 'bob api key',
          publicKey: bKey.publicKey,
          curveType: 'API_KEY_CURVE_P256',
        },
      ],
    },
    bUser.passkey.stamper(),
  )
  const tag = await activity(
    'create_user_tag',
    'ACTIVITY_TYPE_CREATE_USER_TAG',
    onB,
    { userTagName: 'friends', userIds: [] },
    bUser.passkey.stamper(),
  )
  const bOtp = await activity(
    'init_otp_auth',
    'ACTIVITY_TYPE_INIT_OTP_AUTH_V3',
    onB,
    { otpType: 'OTP_TYPE_EMAIL', contact: bUser.email, ...appName },
    parentKey,
  )
  const otpCode = (await lastEmail(vendor, bUser.email)).secret
  // B signs in with the identity provider too.
  const oidcToken = (
    await signInWithProvider({
      issuer: idp.issuer,
      clientId: idp.clientIds.google,
      sub: idp.identities[1]!.sub,
      nonce: oauthNonce(loginPublicKey()),
    })
  ).idToken
  const provider = await activity(
    'create_oauth_providers',
    'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS_V2',
    onB,
    {
      userId: bUser.userId,
      oauthProviders: [{ providerName: 'Google', oidcToken }],
    },
    bUser.passkey.stamper(),
  )
  // The generic OTP flow on B: one code verified to a token (bound to the
  // intruder's key, as if stolen whole), one code still pending.
  const initOtp = async () => {
    const { otpId, otpEncryptionTargetBundle } = (
      await activity(
        'init_otp',
        'ACTIVITY_TYPE_INIT_OTP_V3',
        onB,
        { otpType: 'OTP_TYPE_EMAIL', contact: bUser.email, ...appName },
        bUser.passkey.stamper(),
      )
    ).result.initOtpResultV2
    const code = (await lastEmail(vendor, bUser.email)).secret
    return {
      otpId: otpId as string,
      encrypted: await encryptOtpCodeToBundle(
        code,
        otpEncryptionTargetBundle,
        loginPublicKey(),
        vendor.signerPublicKey,
      ),
    }
  }
  const verified = await initOtp()
  const token = await activity(
    'verify_otp',
    'ACTIVITY_TYPE_VERIFY_OTP_V2',
    onB,
    { otpId: verified.otpId, encryptedOtpBundle: verified.encrypted },
    bUser.passkey.stamper(),
  )
  const pending = await initOtp()
  encryptedOtpOfB = pending.encrypted
  // A transaction B sent (its account holds no ETH: the broadcast fails, and only its status changes).
  const sent = await activity(
    'eth_send_transaction',
    'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2',
    onB,
    {
      from: bUser.address,
      caip2: 'eip155:8453',
      calls: [{ to: intruder.address, value: '1' }],
    },
    bUser.passkey.stamper(),
  )
  vendor.faults.arm('/public/v1/submit/create_user_tag', { kind: 'consensus' })
  const awaitingVote = await activity(
    'create_user_tag',
    'ACTIVITY_TYPE_CREATE_USER_TAG',
    onB,
    { userTagName: 'awaiting a vote', userIds: [bUser.userId] },
    bUser.passkey.stamper(),
  )
  expect(awaitingVote.status).toBe('ACTIVITY_STATUS_CONSENSUS_NEEDED')
  const read = (name: string, fields: Record<string, unknown>) =>
    postStamped(
      vendor,
      `query/${name}`,
      { organizationId: onB, ...fields },
      bUser.passkey.stamper(),
    )
  const wallets = await read('list_wallets', {})
  const keys = await read('get_api_keys', { userId: bUser.userId })
  const authenticators = await read('get_authenticators', {
    userId: bUser.userId,
  })
  b = {
    ...bUser,
    walletId: wallets.body.wallets[0].walletId,
    authenticatorId: authenticators.body.authenticators[0].authenticatorId,
    apiKeyId: keys.body.apiKeys[0].apiKeyId,
    apiPublicKey: bKey.publicKey,
    userTagId: tag.result.createUserTagResult.userTagId,
    otpId: bOtp.result.initOtpAuthResultV2.otpId,
    otpCode,
    activityId: awaitingVote.id,
    fingerprint: awaitingVote.fingerprint,
    otpFlowId: pending.otpId,
    verificationToken: token.result.verifyOtpResult.verificationToken,
    sendTransactionStatusId:
      sent.result.ethSendTransactionResultV2.sendTransactionStatusId,
    oauthProviderId:
      provider.result.createOauthProvidersResultV2.providerIds[0],
    oidcToken,
  }
})
afterAll(async () => {
  await vendor?.stop()
  await idp?.stop()
})

/** Each path with each activity type it takes (a query once). */
function* requests() {
  for (const path of paths)
    for (const type of path.kind === 'submit' ? path.types : [''])
      yield { path, type, label: `${path.kind}/${path.name} ${type}`.trim() }
}

/**
 * A bad input's name: who sent it, to what, naming whom. Each (credential,
 * path and type, organization named) is one case, counted once.
 */
const caseName = (from: string, label: string, naming: string) =>
  `cross-organization: ${from} → ${label}, naming ${naming}`

/** Counts `cases` as bad inputs tried: call it after every check of the test passed. */
function tallyPassed(cases: readonly string[]) {
  for (const name of cases) tally('badInput', name)
}

const shown = (answer: Answer) =>
  `${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`

describe('stamps from one organization never act on another', () => {
  it('covers every path the emulator serves, each with parameters naming B', () => {
    const names = paths.map((path) => path.name)
    // Every route it declares, the votes and the transactions among them.
    expect(names).toHaveLength(
      Object.keys(routes.query).length + Object.keys(routes.submit).length,
    )
    expect(names).toEqual(
      expect.arrayContaining([
        'approve_activity',
        'reject_activity',
        'eth_send_transaction',
        'otp_login',
        'oauth_login',
        'get_nonces',
      ]),
    )
    expect(new Set(names).size).toBe(names.length)
    for (const name of names) expect(parametersOnB(name)).toBeTypeOf('object')
    // Every activity path keeps a type the published schema takes.
    expect(
      paths
        .filter((path) => path.kind === 'submit' && path.types.length === 0)
        .map((path) => path.name),
    ).toEqual([])
    expect(credentials.map((credential) => credential.name)).toHaveLength(7)
    // Each case has a name of its own.
    const cases = credentials.flatMap((credential) =>
      [...requests()].map(({ label }) => caseName(credential.name, label, 'B')),
    )
    expect(new Set(cases).size).toBe(cases.length)
  })

  it('refuses every credential of A naming B, on every path, as not found; B is unchanged', async () => {
    const before = await stateOfB()
    const passed: string[] = []
    for (const credential of credentials)
      for (const { path, type, label } of requests()) {
        const name = caseName(credential.name, label, 'B')
        const answer = await send(
          path,
          type,
          b.organizationId,
          parametersOnB(path.name),
          credential.stamper,
        )
        const got = JSON.stringify(answer)
        const expected = JSON.stringify(
          refused(401, 16, notFoundMessage[credential.kind]),
        )
        expect.soft(got, name).toBe(expected)
        if (got === expected) passed.push(name)
      }
    expect(await stateOfB()).toEqual(before)
    tallyPassed(passed)
  })

  it('lets a credential of A name the parent only to act on A itself (who am I, sessions); the parent and B are unchanged', async () => {
    const beforeB = await stateOfB()
    const beforeParent = await stateOfParent()
    const passed: string[] = []
    for (const credential of credentials)
      for (const { path, type, label } of requests()) {
        const name = caseName(credential.name, label, 'the parent')
        const answer = await send(
          path,
          type,
          vendor.parentOrganizationId,
          parametersOnB(path.name),
          credential.stamper,
        )
        let problem: string | undefined
        // A refusal is a bad input tried; the paths A may use on itself are not.
        let refusal = true
        if (!subOrgMayUseParentId.has(path.name)) {
          if (JSON.stringify(answer) !== JSON.stringify(notAuthorized))
            problem = 'expected 403 request not authorized'
        } else if (credential.recoversOnly && path.name !== 'whoami') {
          if (
            JSON.stringify(answer) !== JSON.stringify(recoveryOnly(path.name))
          )
            problem =
              'expected 403: a recovery credential signs recover_user and whoami only'
        } else if (path.name === 'whoami') {
          refusal = false
          if (
            answer.status !== 200 ||
            answer.body.organizationId !== a.organizationId ||
            answer.body.userId !== a.userId
          )
            problem = "expected A's own organization and user"
        } else if (path.name === 'create_read_write_session') {
          // A session for B's user: the request acts on A, where B's user is not.
          if (
            JSON.stringify(answer) !==
            JSON.stringify(refused(404, 5, 'no user found with the given ID'))
          )
            problem = "expected 404: B's user is not in A"
        } else if (path.name === 'stamp_login') {
          refusal = false
          const claims =
            answer.status === 200 &&
            sessionClaimsOf(
              answer.body.activity.result.stampLoginResult.session,
            )
          if (
            !claims ||
            claims.organization_id !== a.organizationId ||
            claims.user_id !== a.userId
          )
            problem = "expected a login session of A's own user"
        } else problem = 'a path the rules do not name: add it here'
        expect
          .soft(problem && `${problem}, got ${shown(answer)}`, name)
          .toBeUndefined()
        if (!problem && refusal) passed.push(name)
      }
    expect(await stateOfB()).toEqual(beforeB)
    expect(await stateOfParent()).toEqual(beforeParent)
    tallyPassed(passed)
  })

  it("never lets a credential of A reach B's things through A's own organization", async () => {
    const before = await stateOfB()
    const ids = idsOfB()
    const passed: string[] = []
    for (const credential of credentials)
      for (const { path, type, label } of requests()) {
        const name = caseName(credential.name, label, "A with B's ids")
        const answer = await send(
          path,
          type,
          a.organizationId,
          parametersOnB(path.name),
          credential.stamper,
        )
        // Refusals may name what was asked for; an answer that succeeded must not show B.
        const text = answer.status === 200 ? beyondEcho(answer) : ''
        const leaked = ids.filter((id) => text.includes(id))
        expect.soft(leaked, `${name}: shows B's`).toEqual([])
        if (leaked.length === 0) passed.push(name)
      }
    expect(await stateOfB()).toEqual(before)
    tallyPassed(passed)
  })

  it("answers one body sent at once by A and by B (naming the parent) with each one's own session", async () => {
    const sessionOf = (answer: Answer) =>
      answer.body.activity?.result?.createReadWriteSessionResultV2
    for (let i = 0; i < 5; i++) {
      const body = {
        type: 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2',
        timestampMs: String(vendor.clock.now()),
        organizationId: vendor.parentOrganizationId,
        parameters: {
          targetPublicKey: generateP256KeyPair().publicKeyUncompressed,
        },
      }
      const path = 'submit/create_read_write_session'
      const [byA, byB, byAAgain] = await Promise.all([
        postStamped(vendor, path, body, a.passkey.stamper()),
        postStamped(vendor, path, body, b.passkey.stamper()),
        postStamped(vendor, path, body, a.passkey.stamper()),
      ])
      expect(sessionOf(byA)).toMatchObject({
        organizationId: a.organizationId,
        userId: a.userId,
      })
      expect(sessionOf(byB)).toMatchObject({
        organizationId: b.organizationId,
        userId: b.userId,
      })
      // Within one organization the same body is still one activity (a retry).
      expect(byAAgain.body.activity.id).toBe(byA.body.activity.id)
    }
    // Five tries of one case: one bad input.
    tallyPassed([
      'cross-organization: one create_read_write_session body sent at once by A and B, naming the parent',
    ])
  })

  it("refuses the parent's key on B wherever a parent may not act; B is unchanged", async () => {
    const before = await stateOfB()
    const passed: string[] = []
    for (const { path, type, label } of requests()) {
      // A parent may read a sub-org and start its recovery and sign-ins: not done here, they change B.
      if (parentMayAct.has(path.name)) continue
      const name = caseName("the parent's API key", label, 'B')
      const answer = await send(
        path,
        type,
        b.organizationId,
        parametersOnB(path.name),
        parentKey,
      )
      if (path.kind === 'query') {
        expect.soft(answer.status, `${name}: a read`).toBe(200)
        continue
      }
      const got = JSON.stringify(answer)
      expect.soft(got, name).toBe(JSON.stringify(notAuthorized))
      if (got === JSON.stringify(notAuthorized)) passed.push(name)
    }
    expect(await stateOfB()).toEqual(before)
    // B's own code was never spent by the tries: it still signs B in.
    const otpTarget = generateP256KeyPair()
    const signedIn = await activity(
      'otp_auth',
      'ACTIVITY_TYPE_OTP_AUTH',
      b.organizationId,
      {
        otpId: b.otpId,
        otpCode: b.otpCode,
        targetPublicKey: otpTarget.publicKeyUncompressed,
      },
      parentKey,
    )
    expect(signedIn.result.otpAuthResult.userId).toBe(b.userId)
    tallyPassed(passed)
  })
})
