import { encryptOtpCodeToBundle } from '@turnkey/crypto'
import { sameEmail } from '../emails.js'
import { isCompressedP256PublicKey } from '../p256.js'
import {
  badRequest,
  forbidden,
  notFound,
  unimplemented,
  VendorError,
} from '../VendorError.js'
import { readVerificationToken } from '../verificationTokens.js'
import type { AuthProxyConfig } from './AuthProxyConfig.js'
import type { VendorCaller } from './createVendorCaller.js'

/** What an endpoint works with: the request's config, and the public API as the proxy's key. */
export type ProxyContext = {
  config: AuthProxyConfig
  vendor: VendorCaller
  parentOrganizationId: string
  /** The enclave key that signs OTP encryption targets and verification tokens. */
  signerPublicKey: string
  nowMs: number
  /** The encryption target of each OTP the proxy started, by OTP id. */
  otps: Map<string, { configId: string; otpEncryptionTargetBundle: string }>
}

type ProxyEndpoint = (
  context: ProxyContext,
  body: Record<string, unknown>,
) => Promise<Record<string, unknown>>

const notEmulated = (what: string) =>
  unimplemented(`${what} is not implemented in the sandbox`)

function requireProvider(config: AuthProxyConfig, provider: string) {
  if (!config.enabledProviders.includes(provider))
    throw forbidden(
      `request not authorized: the ${provider} provider is not enabled for auth proxy config ${config.configId}`,
    )
}

/** The wallet kit's social login providers: an OIDC token logs in through a config that enables one. */
const socialProviders = ['google', 'apple', 'facebook']

function requireSocialProvider(config: AuthProxyConfig) {
  if (!config.enabledProviders.some((p) => socialProviders.includes(p)))
    throw forbidden(
      `request not authorized: no social login provider (${socialProviders.join(', ')}) is enabled for auth proxy config ${config.configId}`,
    )
}

/** Filters `account` passes to the public API's `list_suborgs`, and those that need a verified contact. */
const plainFilters = ['CREDENTIAL_ID', 'PUBLIC_KEY', 'NAME', 'USERNAME']
const piiFilters = ['EMAIL', 'PHONE_NUMBER']

/**
 * A login on `organizationId` (OTP or OAuth), for the config's session
 * lifetime: the session the public API answers.
 */
async function logIn(
  context: ProxyContext,
  organizationId: string,
  invalidateExisting: unknown,
  login: {
    name: string
    type: string
    resultKey: string
    parameters: Record<string, unknown>
  },
) {
  const result = await context.vendor.submit({
    name: login.name,
    type: login.type,
    organizationId,
    parameters: {
      ...login.parameters,
      expirationSeconds: String(context.config.sessionExpirationSeconds),
      ...(invalidateExisting === undefined ? {} : { invalidateExisting }),
    },
    resultKey: login.resultKey,
  })
  return { session: result.session }
}

/** The one sub-organization a lookup finds, if any; several are refused. */
async function onlyMatch(
  context: ProxyContext,
  query: 'list_suborgs' | 'list_verified_suborgs',
  filterType: string,
  filterValue: unknown,
): Promise<string | undefined> {
  const { organizationIds } = (await context.vendor.query(query, {
    organizationId: context.parentOrganizationId,
    filterType,
    filterValue,
  })) as { organizationIds: string[] }
  if (organizationIds.length > 1)
    throw new VendorError(
      400,
      9,
      `more than one sub-organization matches this ${filterType}`,
    )
  return organizationIds[0]
}

/**
 * The auth proxy's endpoints by path name under /v1/, each a client of the
 * public API: it signs with the proxy's key of the parent organization and
 * answers in the proxy's published shapes.
 */
export const proxyEndpoints: Record<string, ProxyEndpoint> = {
  async signup(context, body) {
    const { config, vendor, parentOrganizationId } = context
    const {
      userEmail,
      userPhoneNumber,
      userTag,
      userName,
      organizationName,
      verificationToken,
      apiKeys,
      authenticators,
      oauthProviders,
      wallet,
      clientSignature,
    } = body
    if ((oauthProviders as unknown[]).length > 0) requireSocialProvider(config)
    if (userTag !== undefined) throw notEmulated('userTag')
    if (typeof userName !== 'string' || !userName)
      throw badRequest(
        "userName is required by the sandbox (the proxy's default is undocumented)",
      )
    if (typeof organizationName !== 'string' || !organizationName)
      throw badRequest(
        "organizationName is required by the sandbox (the proxy's default is undocumented)",
      )
    if ((authenticators as unknown[]).length > 0)
      requireProvider(config, 'passkey')
    const result = await vendor.submit({
      name: 'create_sub_organization',
      type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
      organizationId: parentOrganizationId,
      parameters: {
        subOrganizationName: organizationName,
        rootQuorumThreshold: 1,
        rootUsers: [
          {
            userName,
            ...(userEmail === undefined ? {} : { userEmail }),
            ...(userPhoneNumber === undefined ? {} : { userPhoneNumber }),
            apiKeys,
            authenticators,
            // The public API verifies each provider's token.
            oauthProviders,
          },
        ],
        ...(wallet === undefined ? {} : { wallet }),
        // The public API checks both: the proxy's OTPs run on the parent, the organization signing here.
        ...(verificationToken === undefined ? {} : { verificationToken }),
        ...(clientSignature === undefined ? {} : { clientSignature }),
      },
      resultKey: 'createSubOrganizationResultV8',
    })
    const rootUserIds = result.rootUserIds as string[]
    return {
      organizationId: result.subOrganizationId,
      userId: rootUserIds[0],
      ...(result.wallet === undefined ? {} : { wallet: result.wallet }),
    }
  },

  async account(context, body) {
    const { filterType, filterValue, verificationToken, oidcToken } = body
    if (oidcToken !== undefined)
      throw notEmulated('an EMAIL lookup proved by an OIDC token')
    if (filterType === 'OIDC_TOKEN') {
      // The public API verifies the token before it names an account.
      const organizationId = await onlyMatch(
        context,
        'list_suborgs',
        'OIDC_TOKEN',
        filterValue,
      )
      return organizationId === undefined ? {} : { organizationId }
    }
    if (filterType === 'PHONE_NUMBER')
      throw notEmulated('account lookup by phone number (SMS OTP)')
    if (!plainFilters.includes(filterType as string) && filterType !== 'EMAIL')
      throw badRequest(
        `invalid filter type: one of ${[...plainFilters, ...piiFilters, 'OIDC_TOKEN'].join(', ')}`,
      )
    if (filterType === 'EMAIL') {
      // The schema: the token "verifies access to PII" for EMAIL lookups.
      if (verificationToken === undefined)
        throw badRequest(
          'verificationToken is required to look an account up by EMAIL: verify an OTP sent to that address first',
        )
      const claims = readVerificationToken(
        verificationToken,
        context.signerPublicKey,
        context.nowMs,
      )
      if (
        claims.verification_type !== 'OTP_TYPE_EMAIL' ||
        !sameEmail(claims.contact, String(filterValue)) ||
        claims.organization_id !== context.parentOrganizationId
      )
        throw forbidden(
          'request not authorized: the verification token does not verify this email',
        )
    }
    // A contact finds only the accounts whose owner proved it.
    const organizationId = await onlyMatch(
      context,
      filterType === 'EMAIL' ? 'list_verified_suborgs' : 'list_suborgs',
      filterType as string,
      filterValue,
    )
    return organizationId === undefined ? {} : { organizationId }
  },

  async otp_init(context, body) {
    const { config, vendor } = context
    const { otpType, contact, emailCustomization } = body
    if (otpType === 'OTP_TYPE_SMS') throw notEmulated('SMS OTP')
    if (otpType !== 'OTP_TYPE_EMAIL')
      throw badRequest('invalid otp type: OTP_TYPE_EMAIL or OTP_TYPE_SMS')
    requireProvider(config, 'email')
    const result = await vendor.submit({
      name: 'init_otp',
      type: 'ACTIVITY_TYPE_INIT_OTP_V3',
      organizationId: context.parentOrganizationId,
      parameters: {
        otpType,
        contact,
        appName: config.appName,
        otpLength: config.otpLength,
        alphanumeric: config.otpAlphanumeric,
        expirationSeconds: String(config.otpExpirationSeconds),
        ...(emailCustomization === undefined ? {} : { emailCustomization }),
      },
      resultKey: 'initOtpResultV2',
    })
    const otpId = result.otpId as string
    context.otps.set(otpId, {
      configId: config.configId,
      otpEncryptionTargetBundle: result.otpEncryptionTargetBundle as string,
    })
    return { otpId }
  },

  async otp_verify(context, body) {
    const { otpId, otpCode, publicKey } = body
    if (publicKey === undefined)
      throw badRequest(
        'publicKey is required by the sandbox: the public API (VERIFY_OTP_V2) binds every verification token to a client key, and otp_login then needs that key’s clientSignature',
      )
    if (!isCompressedP256PublicKey(publicKey))
      throw badRequest(
        'invalid public key: a compressed P-256 key, 66 lowercase hex characters',
      )
    const started = context.otps.get(otpId as string)
    if (!started || started.configId !== context.config.configId)
      throw notFound('OTP not found')
    // The proxy encrypts the code to the OTP's target key, as a client of VERIFY_OTP_V2 does.
    const encryptedOtpBundle = await encryptOtpCodeToBundle(
      otpCode as string,
      started.otpEncryptionTargetBundle,
      publicKey,
      context.signerPublicKey,
    )
    const result = await context.vendor.submit({
      name: 'verify_otp',
      type: 'ACTIVITY_TYPE_VERIFY_OTP_V2',
      organizationId: context.parentOrganizationId,
      parameters: { otpId, encryptedOtpBundle },
      resultKey: 'verifyOtpResult',
    })
    return { verificationToken: result.verificationToken }
  },

  async otp_login(context, body) {
    const {
      verificationToken,
      publicKey,
      invalidateExisting,
      organizationId,
      clientSignature,
    } = body
    if (clientSignature === undefined)
      throw badRequest(
        'clientSignature is required: the verification token is bound to the publicKey given to otp_verify',
      )
    // Without an organization, the one whose owner verified the token's contact.
    const target =
      organizationId ??
      (await onlyMatch(
        context,
        'list_verified_suborgs',
        'EMAIL',
        readVerificationToken(
          verificationToken,
          context.signerPublicKey,
          context.nowMs,
        ).contact,
      ))
    if (target === undefined)
      throw notFound('no sub-organization has the verified contact')
    return logIn(context, target as string, invalidateExisting, {
      name: 'otp_login',
      type: 'ACTIVITY_TYPE_OTP_LOGIN_V2',
      resultKey: 'otpLoginResult',
      parameters: { verificationToken, publicKey, clientSignature },
    })
  },

  async oauth_login(context, body) {
    const { oidcToken, publicKey, invalidateExisting } = body
    requireSocialProvider(context.config)
    // Without an organization, the token names it (the schema's lookup).
    const organizationId =
      body.organizationId ??
      (await onlyMatch(context, 'list_suborgs', 'OIDC_TOKEN', oidcToken))
    if (organizationId === undefined)
      throw notFound('no account has an OAuth provider for this OIDC token')
    // The public API verifies the token, its nonce against publicKey, and spends it.
    return logIn(context, organizationId as string, invalidateExisting, {
      name: 'oauth_login',
      type: 'ACTIVITY_TYPE_OAUTH_LOGIN',
      resultKey: 'oauthLoginResult',
      parameters: { oidcToken, publicKey },
    })
  },

  async wallet_kit_config({ config, parentOrganizationId }) {
    return {
      enabledProviders: config.enabledProviders,
      sessionExpirationSeconds: String(config.sessionExpirationSeconds),
      organizationId: parentOrganizationId,
      otpAlphanumeric: config.otpAlphanumeric,
      otpLength: String(config.otpLength),
    }
  },
}
