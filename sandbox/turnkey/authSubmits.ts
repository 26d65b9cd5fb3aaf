import { randomInt, randomUUID } from 'node:crypto'
import { incomingEmail, sameEmail } from './emails.js'
import {
  encryptCredentialBundle,
  mintSessionJwt,
  newP256Key,
} from './enclaveCrypto.js'
import type { EndpointContext, SubmitEndpoint } from './endpoint.js'
import type { ApiKey, ApiKeyType, User } from './model.js'
import { hasProviderFor } from './oauthProviders.js'
import { invalidOidcToken, oauthNonce, verifyOidcToken } from './oidcTokens.js'
import { isCompressedP256PublicKey } from './p256.js'
import {
  loginSessionProfile,
  sessionSeconds,
  sessionTypeClaims,
} from './sessionProfiles.js'
import {
  badRequest,
  forbidden,
  notFound,
  unauthenticated,
  VendorError,
} from './VendorError.js'
import {
  type AuthenticatorParams,
  verifyAttestation,
} from './verifyAttestation.js'

const type = (suffix: string) => `ACTIVITY_TYPE_${suffix}`
const defaultExpirationSeconds = 900

function expirationOf(value: unknown, fallback = defaultExpirationSeconds) {
  const seconds = value === undefined ? fallback : Number(value)
  if (!Number.isInteger(seconds) || seconds <= 0)
    throw badRequest('invalid expiration seconds')
  return seconds
}

function userByEmail(context: EndpointContext, value: unknown): User {
  const email = incomingEmail(value, 'the email')
  const user = context.organization.users.find((u) =>
    sameEmail(u.userEmail, email),
  )
  if (!user) throw notFound('no user found with the given email')
  return user
}

function requireAppName(emailCustomization: unknown) {
  const appName = (emailCustomization as { appName?: unknown } | undefined)
    ?.appName
  if (typeof appName !== 'string' || !appName)
    throw badRequest('appName is required')
}

/** A sub-organization created with the method disabled refuses it. */
function requireEnabled(
  context: EndpointContext,
  method: 'emailRecovery' | 'emailAuth',
  name: string,
) {
  if (context.organization.disabled?.[method])
    throw forbidden(
      `request not authorized: ${name} is disabled for this organization`,
    )
}

type IssueKeyParameters = {
  keyType: ApiKeyType
  name: string
  expirationSeconds: number
  invalidateExisting?: unknown
}

/** Adds an expiring key to the user, replacing any earlier record of the same public key. */
function addKey(
  context: EndpointContext,
  user: User,
  publicKey: string,
  { keyType, name, expirationSeconds, invalidateExisting }: IssueKeyParameters,
): ApiKey {
  user.apiKeys = user.apiKeys.filter(
    (k) =>
      k.publicKey !== publicKey &&
      !(invalidateExisting === true && k.type === keyType),
  )
  const apiKey: ApiKey = {
    apiKeyId: randomUUID(),
    apiKeyName: name,
    publicKey,
    type: keyType,
    createdAtMs: context.nowMs,
    expirationSeconds,
  }
  user.apiKeys.push(apiKey)
  user.updatedAtMs = context.nowMs
  return apiKey
}

/**
 * A fresh key for the user, delivered as a credential bundle encrypted to
 * `targetPublicKey`. Everything that can fail runs before the state changes.
 */
async function issueBundledKey(
  context: EndpointContext,
  user: User,
  targetPublicKey: unknown,
  parameters: IssueKeyParameters,
) {
  const generated = newP256Key()
  const credentialBundle = await encryptCredentialBundle(
    generated.privateKey,
    targetPublicKey,
  )
  const apiKey = addKey(context, user, generated.publicKey, parameters)
  return { apiKey, credentialBundle }
}

function magicLink(template: unknown, bundle: string) {
  return typeof template === 'string' && template.includes('%s')
    ? template.replace('%s', encodeURIComponent(bundle))
    : undefined
}

const nameOr = (name: unknown, fallback: string) =>
  typeof name === 'string' && name ? name : fallback

function emailLink(emailCustomization: unknown, bundle: string) {
  return magicLink(
    (emailCustomization as { magicLinkTemplate?: unknown }).magicLinkTemplate,
    bundle,
  )
}

/** A session for `publicKey` on `user`: a login key, and the session JWT naming it. */
function loginSession(
  context: EndpointContext,
  user: User,
  publicKey: string,
  {
    name,
    expirationSeconds,
    invalidateExisting,
    sessionProfileId,
  }: {
    name: string
    expirationSeconds: unknown
    invalidateExisting: unknown
    sessionProfileId: unknown
  },
) {
  const profile = loginSessionProfile(context, sessionProfileId)
  const seconds = sessionSeconds(profile, expirationSeconds, expirationOf)
  const apiKey = addKey(context, user, publicKey, {
    keyType: 'CREDENTIAL_TYPE_LOGIN',
    name,
    expirationSeconds: seconds,
    invalidateExisting,
  })
  if (profile) apiKey.sessionProfileId = profile.sessionProfileId
  return mintSessionJwt(
    {
      exp: Math.floor(context.nowMs / 1000) + seconds,
      public_key: publicKey,
      ...sessionTypeClaims(profile),
      user_id: user.userId,
      organization_id: context.organization.organizationId,
    },
    context.enclave.notarizer,
  )
}

/** Recovery, email and OTP authentication, sessions: every flow that hands out a credential. */
export const authSubmits: Record<string, SubmitEndpoint> = {
  init_user_email_recovery: {
    kind: 'submit',
    scope: { parentMayAct: true },
    resultKeys: {
      [type('INIT_USER_EMAIL_RECOVERY_V2')]: 'initUserEmailRecoveryResult',
      [type('INIT_USER_EMAIL_RECOVERY')]: 'initUserEmailRecoveryResult',
    },
    async handle(
      context,
      { email, targetPublicKey, expirationSeconds, emailCustomization },
    ) {
      requireAppName(emailCustomization)
      requireEnabled(context, 'emailRecovery', 'email recovery')
      const user = userByEmail(context, email)
      const { credentialBundle } = await issueBundledKey(
        context,
        user,
        targetPublicKey,
        {
          keyType: 'CREDENTIAL_TYPE_RECOVER_USER_KEY_P256',
          name: `Recovery key ${context.nowMs}`,
          expirationSeconds: expirationOf(expirationSeconds),
        },
      )
      context.outbox.send({
        to: user.userEmail!,
        kind: 'recovery',
        subject: 'Recover your account',
        secret: credentialBundle,
        link: emailLink(emailCustomization, credentialBundle),
        sentAtMs: context.nowMs,
      })
      return { userId: user.userId }
    },
  },
  recover_user: {
    kind: 'submit',
    resultKeys: { [type('RECOVER_USER')]: 'recoverUserResult' },
    async handle(context, { authenticator, userId }) {
      const { credential, user } = context.principal
      if (
        credential.kind !== 'apiKey' ||
        credential.apiKey.type !== 'CREDENTIAL_TYPE_RECOVER_USER_KEY_P256' ||
        user.userId !== userId
      )
        throw unauthenticated(
          "recover_user must be stamped by the user's recovery key",
        )
      const added = await verifyAttestation(
        authenticator as AuthenticatorParams,
        context,
      )
      user.authenticators.push(added)
      // The recovery key is single-use: later polls with it get 401, as with the vendor.
      user.apiKeys = user.apiKeys.filter((k) => k !== credential.apiKey)
      user.updatedAtMs = context.nowMs
      return { authenticatorId: [added.authenticatorId] }
    },
  },
  email_auth: {
    kind: 'submit',
    scope: { parentMayAct: true },
    resultKeys: {
      [type('EMAIL_AUTH_V3')]: 'emailAuthResult',
      [type('EMAIL_AUTH_V2')]: 'emailAuthResult',
    },
    async handle(
      context,
      {
        email,
        targetPublicKey,
        emailCustomization,
        apiKeyName,
        expirationSeconds,
        invalidateExisting,
      },
    ) {
      requireAppName(emailCustomization)
      requireEnabled(context, 'emailAuth', 'email auth')
      const user = userByEmail(context, email)
      const { apiKey, credentialBundle } = await issueBundledKey(
        context,
        user,
        targetPublicKey,
        {
          keyType: 'CREDENTIAL_TYPE_EMAIL_AUTH_KEY_P256',
          name: nameOr(apiKeyName, `Email auth ${context.nowMs}`),
          expirationSeconds: expirationOf(expirationSeconds),
          invalidateExisting,
        },
      )
      context.outbox.send({
        to: user.userEmail!,
        kind: 'email_auth',
        subject: 'Your sign-in link',
        secret: credentialBundle,
        link: emailLink(emailCustomization, credentialBundle),
        sentAtMs: context.nowMs,
      })
      return { userId: user.userId, apiKeyId: apiKey.apiKeyId }
    },
  },
  init_otp_auth: {
    kind: 'submit',
    scope: { parentMayAct: true },
    resultKeys: { [type('INIT_OTP_AUTH_V3')]: 'initOtpAuthResultV2' },
    handle(
      context,
      { otpType, contact, appName, otpLength, alphanumeric, expirationSeconds },
    ) {
      if (otpType !== 'OTP_TYPE_EMAIL')
        throw badRequest('only OTP_TYPE_EMAIL is supported by the sandbox')
      if (typeof appName !== 'string' || !appName)
        throw badRequest('appName is required')
      const user = userByEmail(context, contact)
      const length = otpLength === undefined ? 9 : Number(otpLength)
      if (!Number.isInteger(length) || length < 6 || length > 9)
        throw badRequest('invalid otp length')
      const alphabet =
        alphanumeric === false
          ? '0123456789'
          : '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ'
      const code = Array.from(
        { length },
        () => alphabet[randomInt(alphabet.length)],
      ).join('')
      const otpId = randomUUID()
      context.state.otps.set(otpId, {
        organizationId: context.organization.organizationId,
        userId: user.userId,
        code,
        expiresAtMs:
          context.nowMs + expirationOf(expirationSeconds, 300) * 1000,
        attemptsLeft: 3,
      })
      context.outbox.send({
        to: user.userEmail!,
        kind: 'otp',
        subject: `Your ${appName} code`,
        secret: code,
        sentAtMs: context.nowMs,
      })
      return { otpId }
    },
  },
  otp_auth: {
    kind: 'submit',
    scope: { parentMayAct: true },
    resultKeys: { [type('OTP_AUTH')]: 'otpAuthResult' },
    async handle(
      context,
      {
        otpId,
        otpCode,
        targetPublicKey,
        apiKeyName,
        expirationSeconds,
        invalidateExisting,
      },
    ) {
      const { otps } = context.state
      const pending = typeof otpId === 'string' ? otps.get(otpId) : undefined
      if (
        !pending ||
        pending.organizationId !== context.organization.organizationId
      )
        throw badRequest('OTP expired or not found')
      if (pending.expiresAtMs <= context.nowMs) {
        otps.delete(otpId as string)
        throw badRequest('OTP expired or not found')
      }
      if (otpCode !== pending.code) {
        if (--pending.attemptsLeft <= 0) otps.delete(otpId as string)
        throw badRequest('invalid OTP code')
      }
      const user = context.state.user(context.organization, pending.userId)
      const { apiKey, credentialBundle } = await issueBundledKey(
        context,
        user,
        targetPublicKey,
        {
          keyType: 'CREDENTIAL_TYPE_OTP_AUTH_KEY_P256',
          name: nameOr(apiKeyName, `OTP auth ${context.nowMs}`),
          expirationSeconds: expirationOf(expirationSeconds),
          invalidateExisting,
        },
      )
      otps.delete(otpId as string)
      return {
        userId: user.userId,
        apiKeyId: apiKey.apiKeyId,
        credentialBundle,
      }
    },
  },
  create_read_write_session: {
    kind: 'submit',
    scope: { subOrgMayUseParentId: true },
    resultKeys: {
      [type('CREATE_READ_WRITE_SESSION_V2')]: 'createReadWriteSessionResultV2',
    },
    async handle(
      context,
      {
        targetPublicKey,
        userId,
        apiKeyName,
        expirationSeconds,
        invalidateExisting,
      },
    ) {
      const user =
        userId === undefined
          ? context.principal.user
          : context.state.user(context.organization, userId)
      const { apiKey, credentialBundle } = await issueBundledKey(
        context,
        user,
        targetPublicKey,
        {
          keyType: 'CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256',
          name: nameOr(apiKeyName, `Session ${context.nowMs}`),
          expirationSeconds: expirationOf(expirationSeconds),
          invalidateExisting,
        },
      )
      return {
        organizationId: context.organization.organizationId,
        organizationName: context.organization.organizationName,
        userId: user.userId,
        username: user.userName,
        apiKeyId: apiKey.apiKeyId,
        credentialBundle,
      }
    },
  },
  stamp_login: {
    kind: 'submit',
    scope: { subOrgMayUseParentId: true },
    resultKeys: { [type('STAMP_LOGIN')]: 'stampLoginResult' },
    handle(
      context,
      { publicKey, expirationSeconds, invalidateExisting, sessionProfileId },
    ) {
      if (!isCompressedP256PublicKey(publicKey))
        throw badRequest('invalid public key')
      return {
        session: loginSession(context, context.principal.user, publicKey, {
          name: `Login ${context.nowMs}`,
          expirationSeconds,
          invalidateExisting,
          sessionProfileId,
        }),
      }
    },
  },
  oauth_login: {
    kind: 'submit',
    // The parent's key (the host backend's, the auth proxy's) logs a sub-organization's user in.
    scope: { parentMayAct: true },
    resultKeys: { [type('OAUTH_LOGIN')]: 'oauthLoginResult' },
    async handle(
      context,
      {
        oidcToken,
        publicKey,
        expirationSeconds,
        invalidateExisting,
        sessionProfileId,
      },
    ) {
      if (!isCompressedP256PublicKey(publicKey))
        throw badRequest('invalid public key')
      const claims = await verifyOidcToken(oidcToken, {
        trustedIssuers: context.oidcIssuers,
        nowMs: context.nowMs,
      })
      // The token logs in the key its nonce names, and no other.
      if (claims.nonce !== oauthNonce(publicKey))
        throw invalidOidcToken(
          'its nonce is not sha256(publicKey) in hex: the token was issued for another key',
        )
      const ofSubject = context.organization.users.filter((user) =>
        user.oauthProviders?.some(
          (p) => p.issuer === claims.iss && p.subject === claims.sub,
        ),
      )
      if (ofSubject.length === 0)
        throw notFound(
          "no user in this organization has an OAuth provider for the token's issuer and subject",
        )
      const user = ofSubject.find((u) => hasProviderFor(u, claims))
      if (!user)
        throw invalidOidcToken(
          "its aud is not the client id of the user's OAuth provider",
        )
      // After the last await: the token is checked and spent in one step.
      if (context.state.consumedOidcTokens.has(claims.tokenId))
        throw new VendorError(
          400,
          9,
          'OIDC token already used to log in: sign in with the provider again',
        )
      const session = loginSession(context, user, publicKey, {
        name: `OAuth login ${context.nowMs}`,
        expirationSeconds,
        invalidateExisting,
        sessionProfileId,
      })
      context.state.consumedOidcTokens.add(claims.tokenId)
      return { session }
    },
  },
}
