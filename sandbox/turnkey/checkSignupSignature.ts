import { isDeepStrictEqual } from 'node:util'
import { sameEmail } from './emails.js'
import { readClientSignedUsage } from './readClientSignedUsage.js'
import { badRequest } from './VendorError.js'
import type { VerificationTokenClaims } from './verificationTokens.js'

/** The root user fields a sign-up usage may name, each compared as submitted. */
const signedArrays = ['apiKeys', 'authenticators', 'oauthProviders'] as const

/**
 * The client signature a verified sign-up carries (see readClientSignedUsage),
 * whose `message` is the sign-up usage of the token for the root user it
 * verified (`rootUser`, as submitted):
 * `{"signupV2":{"email":…,"apiKeys":[…],"authenticators":[…],"oauthProviders":[…]},"tokenId":…,"type":"USAGE_TYPE_SIGNUP"}`
 * (or `signup`; key order free). `email` must be the verified email; each
 * array given must equal the root user's exactly (JSON values, key order free);
 * a `phoneNumber` given must be the root user's.
 */
export function checkSignupSignature({
  clientSignature,
  claims,
  rootUser,
}: {
  clientSignature: unknown
  claims: VerificationTokenClaims
  rootUser: Record<string, unknown>
}) {
  if (clientSignature === undefined)
    throw badRequest(
      'clientSignature is required with a verificationToken: the token is bound to the public key given to verify_otp, which must sign the sign-up usage',
    )
  const usage = readClientSignedUsage(clientSignature, claims)
  const signup = usage.signupV2 ?? usage.signup
  if (
    usage.type !== 'USAGE_TYPE_SIGNUP' ||
    usage.tokenId !== claims.id ||
    (usage.signupV2 !== undefined && usage.signup !== undefined) ||
    typeof signup !== 'object' ||
    signup === null ||
    Array.isArray(signup)
  )
    throw badRequest(
      'client signature message must be the sign-up usage of this token: {"signupV2":{"email":…,"apiKeys":…,"authenticators":…,"oauthProviders":…},"tokenId":…,"type":"USAGE_TYPE_SIGNUP"}',
    )
  const { email, phoneNumber } = signup as Record<string, unknown>
  if (typeof email !== 'string' || !sameEmail(email, claims.contact))
    throw badRequest(
      'client signature sign-up usage: email must be the email the verification token verified',
    )
  if (phoneNumber !== undefined && phoneNumber !== rootUser.userPhoneNumber)
    throw badRequest(
      'client signature sign-up usage: phoneNumber differs from the root user’s userPhoneNumber',
    )
  for (const field of signedArrays) {
    const signed = (signup as Record<string, unknown>)[field]
    if (signed !== undefined && !isDeepStrictEqual(signed, rootUser[field]))
      throw badRequest(
        `client signature sign-up usage: ${field} differ from the root user’s ${field} in the request`,
      )
  }
}
