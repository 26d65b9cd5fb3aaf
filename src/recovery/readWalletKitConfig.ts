import { AuthProxyError } from '../turnkey/AuthProxyError.js'
import type { RecoveryCodeFormat } from './CodeSender.js'

/**
 * The code format of the proxy's `wallet_kit_config` answer (`otpLength` is a
 * string, as in the vendor's schema), or an AuthProxyError: a code field of
 * the wrong shape would spend the user's tries.
 */
export function readWalletKitConfig(answer: unknown): RecoveryCodeFormat {
  const { otpLength, otpAlphanumeric } = (answer ?? {}) as {
    otpLength?: unknown
    otpAlphanumeric?: unknown
  }
  const length = Number(otpLength)
  if (
    !(typeof otpLength === 'string' || typeof otpLength === 'number') ||
    !Number.isInteger(length) ||
    length < 4 ||
    length > 12
  )
    throw new AuthProxyError({
      code: 'auth_proxy_failed',
      endpoint: 'wallet_kit_config',
      status: 200,
      reason: `otpLength must be a whole number of characters, got ${JSON.stringify(otpLength)}`,
    })
  if (otpAlphanumeric !== undefined && typeof otpAlphanumeric !== 'boolean')
    throw new AuthProxyError({
      code: 'auth_proxy_failed',
      endpoint: 'wallet_kit_config',
      status: 200,
      reason: `otpAlphanumeric must be a boolean, got ${JSON.stringify(otpAlphanumeric)}`,
    })
  return { length, alphanumeric: otpAlphanumeric === true }
}
