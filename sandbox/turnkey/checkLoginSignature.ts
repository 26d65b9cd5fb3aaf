import { readClientSignedUsage } from './readClientSignedUsage.js'
import { badRequest } from './VendorError.js'
import type { VerificationTokenClaims } from './verificationTokens.js'

/**
 * The client signature an OTP login carries (see readClientSignedUsage),
 * whose `message` is the login usage, as the vendor's SDKs build it:
 * `{"login":{"publicKey":SESSION_KEY},"tokenId":TOKEN_ID,"type":"USAGE_TYPE_LOGIN"}`
 * (or the stricter `loginV2` usage, whose fields must match the request).
 */
export function checkLoginSignature({
  clientSignature,
  claims,
  publicKey,
  organizationId,
  invalidateExisting,
  expirationSeconds,
}: {
  clientSignature: unknown
  claims: VerificationTokenClaims
  /** The session key the login registers. */
  publicKey: string
  organizationId: string
  invalidateExisting: unknown
  expirationSeconds: unknown
}) {
  const usage = readClientSignedUsage(clientSignature, claims)
  const login = usage.login as Record<string, unknown> | undefined
  const loginV2 = usage.loginV2 as Record<string, unknown> | undefined
  const sameAsRequest = (field: string, value: unknown) =>
    loginV2?.[field] === undefined || loginV2[field] === value
  const matches =
    usage.type === 'USAGE_TYPE_LOGIN' &&
    usage.tokenId === claims.id &&
    (login
      ? login.publicKey === publicKey
      : loginV2?.publicKey === publicKey &&
        loginV2.organizationId === organizationId &&
        sameAsRequest('invalidateExisting', invalidateExisting) &&
        sameAsRequest('expirationSeconds', expirationSeconds))
  if (!matches)
    throw badRequest(
      'client signature message must be the login usage of this token and key: {"login":{"publicKey":…},"tokenId":…,"type":"USAGE_TYPE_LOGIN"}',
    )
}
