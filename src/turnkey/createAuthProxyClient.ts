import { withDeadline } from '../core/deadlines.js'
import {
  type AuthProxyEndpoint,
  AuthProxyError,
  type AuthProxyErrorCode,
  unexpectedProxyAnswer,
} from './AuthProxyError.js'
import { grpcCode } from './errors.js'

export type AuthProxyClient = {
  /** `POST <url>/v1/<endpoint>` with the config id; the JSON object answered, or an AuthProxyError. */
  post<result extends Record<string, unknown>>(
    endpoint: AuthProxyEndpoint,
    body: Record<string, unknown>,
  ): Promise<result>
}

export type CreateAuthProxyClientParameters = {
  /** The proxy's base URL, without a trailing slash (`https://authproxy.turnkey.com`). */
  url: string
  /** The host's Auth Proxy config id: the `X-Auth-Proxy-Config-Id` header. */
  configId: string
  /** How long one request may take before it is abandoned. */
  timeoutMs: number
  /** `globalThis.fetch` by default. */
  fetch?: typeof fetch | undefined
}

/**
 * The schema's `rpcStatus.code` (a gRPC status code) for the failures the
 * pack names apart: the proxy takes no stamp, so it is unauthenticated only
 * for its config id, and refuses permission only for the page's origin.
 */
const byGrpcCode: Record<number, AuthProxyErrorCode> = {
  [grpcCode.unauthenticated]: 'auth_proxy_config_refused',
  [grpcCode.permissionDenied]: 'auth_proxy_origin_refused',
  [grpcCode.resourceExhausted]: 'auth_proxy_rate_limited',
}
/** The same by HTTP status, for an answer without the schema's code. */
const byHttpStatus: Record<number, AuthProxyErrorCode> = {
  401: 'auth_proxy_config_refused',
  403: 'auth_proxy_origin_refused',
  429: 'auth_proxy_rate_limited',
}

/** A failed answer by the schema's code, else by its HTTP status; never by its words. */
function classify(
  status: number,
  code: number | undefined,
): AuthProxyErrorCode {
  const named = code === undefined ? byHttpStatus[status] : byGrpcCode[code]
  if (named) return named
  if (status >= 500) return 'auth_proxy_failed'
  return 'auth_proxy_refused'
}

/**
 * The vendor's hosted Auth Proxy, spoken directly: JSON over POST with the
 * host's config id and no stamp (the proxy signs with its own key of the
 * parent organization, for origins the config allows). Every failure is an
 * AuthProxyError naming the endpoint.
 */
export function createAuthProxyClient({
  url,
  configId,
  timeoutMs,
  fetch: fetchFn = (...args) => globalThis.fetch(...args),
}: CreateAuthProxyClientParameters): AuthProxyClient {
  return {
    post(endpoint, body) {
      const failed = (
        code: AuthProxyErrorCode,
        extra: Omit<
          ConstructorParameters<typeof AuthProxyError>[0],
          'code' | 'endpoint'
        > = {},
      ) => new AuthProxyError({ code, endpoint, ...extra })
      return withDeadline(
        timeoutMs,
        async (signal) => {
          let response: Response
          try {
            response = await fetchFn(`${url}/v1/${endpoint}`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'x-auth-proxy-config-id': configId,
              },
              body: JSON.stringify(body),
              redirect: 'error',
              credentials: 'omit',
              signal,
            })
          } catch (cause) {
            throw failed('auth_proxy_unreachable', {
              reason: (cause as Error)?.message,
              cause,
            })
          }
          let text: string
          try {
            text = await response.text()
          } catch (cause) {
            throw failed('auth_proxy_failed', {
              status: response.status,
              reason: 'the answer was cut off',
              cause,
            })
          }
          let json: unknown
          try {
            json = JSON.parse(text)
          } catch {
            json = undefined
          }
          const isObject =
            typeof json === 'object' && json !== null && !Array.isArray(json)
          if (!response.ok) {
            const parsed = (isObject ? json : {}) as {
              code?: unknown
              message?: unknown
            }
            const proxyMessage =
              typeof parsed.message === 'string'
                ? parsed.message
                : `${response.status} ${response.statusText}`.trim()
            const proxyCode = Number.isInteger(parsed.code)
              ? (parsed.code as number)
              : undefined
            throw failed(classify(response.status, proxyCode), {
              status: response.status,
              proxyCode,
              proxyMessage,
            })
          }
          if (!isObject)
            throw failed('auth_proxy_failed', {
              status: response.status,
              reason: 'the answer was not a JSON object',
            })
          return json as never
        },
        () =>
          failed('auth_proxy_timeout', {
            reason: `no answer within ${timeoutMs} ms`,
          }),
      )
    },
  }
}

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
    throw unexpectedProxyAnswer('otp_init', 'the answer has no otpId')
  return otpId
}

/** How the Auth Proxy refused a code: tries left, or a new code needed. */
export type OtpRefusal = {
  /** The proxy's own words. */
  reason: string
  attemptsLeft: number | undefined
  newCodeNeeded: boolean
}

/**
 * The Auth Proxy's `otp_verify` refusing the code the user typed (the
 * vendor's gRPC code 3 with tries left, 9 or an unknown OTP for a new code),
 * or undefined for any other failure.
 */
export function readOtpRefusal(error: unknown): OtpRefusal | undefined {
  if (
    !(error instanceof AuthProxyError) ||
    error.endpoint !== 'otp_verify' ||
    (error.status !== 400 && error.status !== 404)
  )
    return undefined
  const message = error.proxyMessage ?? ''
  const left = /(\d+) attempts? left/i.exec(message)?.[1]
  const newCodeNeeded =
    error.status === 404 ||
    error.proxyCode === grpcCode.failedPrecondition ||
    error.proxyCode === grpcCode.notFound
  if (
    left === undefined &&
    !newCodeNeeded &&
    error.proxyCode !== grpcCode.invalidArgument
  )
    return undefined
  return {
    reason: `the Auth Proxy refused the code: ${message}`,
    attemptsLeft: left === undefined ? undefined : Number(left),
    newCodeNeeded,
  }
}
