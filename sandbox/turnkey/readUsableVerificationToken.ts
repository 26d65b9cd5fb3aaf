import type { EndpointContext } from './endpoint.js'
import { badRequest, VendorError } from './VendorError.js'
import {
  readVerificationToken,
  type VerificationTokenClaims,
} from './verificationTokens.js'

/**
 * The claims of a verification token this request may spend: signed by the
 * enclave, unexpired, not yet used (by a login or a sign-up), and issued by
 * one of `organizationIds` (the organization that ran `verify_otp`).
 */
export function readUsableVerificationToken(
  token: unknown,
  {
    enclave,
    nowMs,
    state,
  }: Pick<EndpointContext, 'enclave' | 'nowMs' | 'state'>,
  organizationIds: readonly (string | undefined)[],
): VerificationTokenClaims {
  const claims = readVerificationToken(
    token,
    enclave.signer.publicKeyHex,
    nowMs,
  )
  if (state.consumedVerificationTokens.has(claims.id))
    throw new VendorError(
      400,
      9,
      'verification token already used: verify a new OTP code',
    )
  if (!organizationIds.includes(claims.organization_id))
    throw badRequest(
      'the verification token was issued for another organization',
    )
  return claims
}
