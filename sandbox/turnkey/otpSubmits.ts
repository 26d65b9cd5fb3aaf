import { randomInt, randomUUID } from 'node:crypto'
import { checkLoginSignature } from './checkLoginSignature.js'
import { incomingEmail, sameEmail } from './emails.js'
import { mintSessionJwt } from './enclaveCrypto.js'
import type { SubmitEndpoint } from './endpoint.js'
import type { ApiKey } from './model.js'
import { createOtpEncryptionTarget, openOtpBundle } from './otpCrypto.js'
import { isCompressedP256PublicKey } from './p256.js'
import { readUsableVerificationToken } from './readUsableVerificationToken.js'
import {
  loginSessionProfile,
  sessionSeconds,
  sessionTypeClaims,
} from './sessionProfiles.js'
import { badRequest, forbidden, notFound, VendorError } from './VendorError.js'
import type { OtpFlow } from './VendorState.js'
import { mintVerificationToken } from './verificationTokens.js'

const type = (suffix: string) => `ACTIVITY_TYPE_${suffix}`

/** Wrong codes an OTP takes; the last one ends it ("too many attempts"). */
export const otpAttempts = 3
const digits = '0123456789'
/** Crockford's Base32, as the vendor's schema describes alphanumeric codes. */
const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const failedPrecondition = (message: string) => new VendorError(400, 9, message)

/** Whole seconds from a `string` field: `fallback` when absent, else 1 to `max`. */
function secondsOf(value: unknown, fallback: number, max: number) {
  const seconds = value === undefined ? fallback : Number(value)
  if (!Number.isInteger(seconds) || seconds <= 0 || seconds > max)
    throw badRequest(`invalid expiration seconds: 1 to ${max}`)
  return seconds
}

function usableFlow(flow: OtpFlow | undefined, nowMs: number): OtpFlow {
  if (!flow) throw notFound('OTP not found')
  if (flow.ended === 'verified')
    throw failedPrecondition('OTP already used: request a new code')
  if (flow.ended === 'burned')
    throw failedPrecondition(
      'Too many failed OTP attempts: this code can no longer be used; request a new code',
    )
  if (nowMs >= flow.expiresAtMs)
    throw failedPrecondition('OTP expired: request a new code')
  return flow
}

/**
 * The generic OTP flow at its current versions (what the auth proxy forwards
 * to): `init_otp` (V3) emails a code and hands out the key to encrypt it to,
 * `verify_otp` (V2) checks the encrypted code and issues a verification token
 * bound to the client's key, `otp_login` (V2) exchanges the token and a client
 * signature for a session on the user whose email was verified.
 */
export const otpSubmits: Record<string, SubmitEndpoint> = {
  init_otp: {
    kind: 'submit',
    resultKeys: { [type('INIT_OTP_V3')]: 'initOtpResultV2' },
    handle(
      context,
      { otpType, contact, appName, otpLength, alphanumeric, expirationSeconds },
    ) {
      if (otpType === 'OTP_TYPE_SMS')
        throw badRequest('only OTP_TYPE_EMAIL is supported by the sandbox')
      if (otpType !== 'OTP_TYPE_EMAIL')
        throw badRequest('invalid otp type: OTP_TYPE_EMAIL or OTP_TYPE_SMS')
      if (typeof contact !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(contact))
        throw badRequest('invalid email address')
      incomingEmail(contact, 'contact')
      if (typeof appName !== 'string' || !appName)
        throw badRequest('appName is required')
      const length = otpLength === undefined ? 9 : Number(otpLength)
      if (!Number.isInteger(length) || length < 6 || length > 9)
        throw badRequest('invalid otp length: 6 to 9')
      const alphabet = alphanumeric === false ? digits : crockford
      const seconds = secondsOf(expirationSeconds, 300, 600)
      const code = Array.from(
        { length },
        () => alphabet[randomInt(alphabet.length)],
      ).join('')
      const target = createOtpEncryptionTarget(context.enclave.signer)
      const otpId = randomUUID()
      context.state.otpFlows.set(otpId, {
        organizationId: context.organization.organizationId,
        contact,
        code,
        expiresAtMs: context.nowMs + seconds * 1000,
        attemptsLeft: otpAttempts,
        targetKey: target.key,
      })
      context.outbox.send({
        to: contact,
        kind: 'otp',
        subject: `Your ${appName} code`,
        secret: code,
        sentAtMs: context.nowMs,
      })
      return { otpId, otpEncryptionTargetBundle: target.bundle }
    },
  },
  verify_otp: {
    kind: 'submit',
    resultKeys: { [type('VERIFY_OTP_V2')]: 'verifyOtpResult' },
    async handle(context, { otpId, encryptedOtpBundle, expirationSeconds }) {
      const known =
        typeof otpId === 'string'
          ? context.state.otpFlows.get(otpId)
          : undefined
      const flow = usableFlow(
        known?.organizationId === context.organization.organizationId
          ? known
          : undefined,
        context.nowMs,
      )
      const tokenSeconds = secondsOf(expirationSeconds, 3600, 86400)
      const { otpCode, publicKey } = await openOtpBundle(
        encryptedOtpBundle,
        flow.targetKey,
      )
      if (!isCompressedP256PublicKey(publicKey))
        throw badRequest(
          'invalid public key in the encrypted OTP bundle: a compressed P-256 key, 66 hex characters',
        )
      // A bundle opened after an await: the code may have ended meanwhile.
      usableFlow(flow, context.nowMs)
      if (otpCode !== flow.code) {
        flow.attemptsLeft -= 1
        if (flow.attemptsLeft <= 0) {
          flow.ended = 'burned'
          usableFlow(flow, context.nowMs)
        }
        throw badRequest(
          `Invalid OTP code: ${flow.attemptsLeft} attempt${flow.attemptsLeft === 1 ? '' : 's'} left`,
        )
      }
      flow.ended = 'verified'
      return {
        verificationToken: mintVerificationToken(
          {
            id: randomUUID(),
            verification_type: 'OTP_TYPE_EMAIL',
            contact: flow.contact,
            organization_id: flow.organizationId,
            public_key: publicKey,
            exp: String(context.nowMs + tokenSeconds * 1000),
          },
          context.enclave.signer,
        ),
      }
    },
  },
  otp_login: {
    kind: 'submit',
    // The parent's key (the auth proxy's) logs a sub-organization's user in.
    scope: { parentMayAct: true },
    resultKeys: { [type('OTP_LOGIN_V2')]: 'otpLoginResult' },
    handle(
      context,
      {
        verificationToken,
        publicKey,
        clientSignature,
        expirationSeconds,
        invalidateExisting,
        sessionProfileId,
      },
    ) {
      const { organization, nowMs, state } = context
      const claims = readUsableVerificationToken(verificationToken, context, [
        organization.organizationId,
        organization.parentOrganizationId,
      ])
      if (!isCompressedP256PublicKey(publicKey))
        throw badRequest('invalid public key')
      checkLoginSignature({
        clientSignature,
        claims,
        publicKey,
        organizationId: organization.organizationId,
        invalidateExisting,
        expirationSeconds,
      })
      const user = organization.users.find((u) =>
        sameEmail(u.userEmail, claims.contact),
      )
      if (!user)
        throw notFound('no user with the verified email in this organization')
      if (organization.disabled?.otpEmailAuth)
        throw forbidden(
          'request not authorized: OTP email auth is disabled for this organization',
        )
      const profile = loginSessionProfile(context, sessionProfileId)
      const seconds = sessionSeconds(profile, expirationSeconds, (value) =>
        secondsOf(value, 900, 31_536_000),
      )
      state.consumedVerificationTokens.add(claims.id)
      // The token the user typed a code for proves the address.
      user.emailVerified = true
      user.apiKeys = user.apiKeys.filter(
        (k) =>
          k.publicKey !== publicKey &&
          !(invalidateExisting === true && k.type === 'CREDENTIAL_TYPE_LOGIN'),
      )
      const apiKey: ApiKey = {
        apiKeyId: randomUUID(),
        apiKeyName: `OTP login ${nowMs}`,
        publicKey,
        type: 'CREDENTIAL_TYPE_LOGIN',
        createdAtMs: nowMs,
        expirationSeconds: seconds,
        ...(profile && { sessionProfileId: profile.sessionProfileId }),
      }
      user.apiKeys.push(apiKey)
      user.updatedAtMs = nowMs
      return {
        session: mintSessionJwt(
          {
            exp: Math.floor(nowMs / 1000) + seconds,
            public_key: publicKey,
            ...sessionTypeClaims(profile),
            user_id: user.userId,
            organization_id: organization.organizationId,
          },
          context.enclave.notarizer,
        ),
      }
    },
  },
}
