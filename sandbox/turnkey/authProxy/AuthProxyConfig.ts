import { randomUUID } from 'node:crypto'

/**
 * One auth proxy config, as a host sets it in the vendor's dashboard: the
 * origins its pages are served from and the wallet kit settings the proxy
 * applies (and answers at `/v1/wallet_kit_config`).
 */
export type AuthProxyConfig = {
  /** The value of the `X-Auth-Proxy-Config-Id` header (a UUID). */
  configId: string
  /**
   * Exact origins (`http://localhost:5173`: scheme, host and port, no path)
   * whose pages may call the proxy with this config, or `'*'` for any origin
   * (the vendor's default). As with the vendor, no partial wildcards.
   */
  allowedOrigins: string[]
  /** The app name in the OTP emails. */
  appName: string
  /** Digits (or characters) of an OTP code, 6 to 9. */
  otpLength: number
  /** Crockford Base32 codes (`0-9A-Z` without I, L, O, U) instead of digits only. */
  otpAlphanumeric: boolean
  /** How long an OTP code can be verified, 1 to 600 seconds. */
  otpExpirationSeconds: number
  /** Lifetime of the session an `otp_login` creates. */
  sessionExpirationSeconds: number
  /** The wallet kit's providers; `otp_init` needs `email`, a sign-up with a passkey `passkey`, an OIDC log-in a social one (`google`, `apple`); all four by default. */
  enabledProviders: string[]
}

export type AuthProxyConfigInit = Partial<AuthProxyConfig>

/** The playground's origin when port 5173 is free (`npm run playground`). */
const playgroundOrigin = 'http://localhost:5173'

/** A config with the sandbox's defaults for what `init` leaves out; a bad value throws. */
export function createAuthProxyConfig(
  init: AuthProxyConfigInit = {},
): AuthProxyConfig {
  const config: AuthProxyConfig = {
    configId: init.configId ?? randomUUID(),
    allowedOrigins: (init.allowedOrigins ?? [playgroundOrigin]).map(
      exactOrigin,
    ),
    appName: init.appName ?? 'Sandbox',
    otpLength: init.otpLength ?? 6,
    otpAlphanumeric: init.otpAlphanumeric ?? false,
    otpExpirationSeconds: init.otpExpirationSeconds ?? 300,
    sessionExpirationSeconds: init.sessionExpirationSeconds ?? 900,
    enabledProviders: init.enabledProviders ?? [
      'email',
      'passkey',
      'google',
      'apple',
    ],
  }
  const whole = (value: number, min: number, max: number) =>
    Number.isInteger(value) && value >= min && value <= max
  if (!whole(config.otpLength, 6, 9))
    throw new RangeError('otpLength must be an integer from 6 to 9')
  if (!whole(config.otpExpirationSeconds, 1, 600))
    throw new RangeError('otpExpirationSeconds must be from 1 to 600')
  if (!whole(config.sessionExpirationSeconds, 1, 31_536_000))
    throw new RangeError('sessionExpirationSeconds must be a positive integer')
  return config
}

/** `origin` as the browser sends it in `Origin`; anything with a path, or a pattern, throws. */
export function exactOrigin(origin: string): string {
  if (origin === '*') return origin
  let parsed: URL | undefined
  try {
    parsed = new URL(origin)
  } catch {}
  if (!parsed || parsed.origin !== origin)
    throw new RangeError(
      `allowed origins are exact origins such as http://localhost:5173 (or '*'), not ${origin}`,
    )
  return origin
}

/** Whether a request from `origin` (its `Origin` header, if any) may use `config`. */
export function allowsOrigin(
  config: AuthProxyConfig,
  origin: string | undefined,
): boolean {
  if (config.allowedOrigins.includes('*')) return true
  return origin !== undefined && config.allowedOrigins.includes(origin)
}
