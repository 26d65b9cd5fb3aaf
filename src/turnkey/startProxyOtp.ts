import { AuthProxyError } from './AuthProxyError.js'
import type { AuthProxyClient } from './createAuthProxyClient.js'

/** The Auth Proxy emails a one-time code to `email` (`otp_init`); its flow's id. */
export async function startProxyOtp(
  client: AuthProxyClient,
  email: string,
): Promise<string> {
  const { otpId } = await client.post<{ otpId?: unknown }>('otp_init', {
    otpType: 'OTP_TYPE_EMAIL',
    contact: email,
  })
  if (typeof otpId !== 'string' || otpId === '')
    throw new AuthProxyError({
      code: 'auth_proxy_failed',
      endpoint: 'otp_init',
      status: 200,
      reason: 'the answer has no otpId',
    })
  return otpId
}
