import { BaseError } from '../core/errors.js'

/** The vendor's Auth Proxy endpoints the pack calls (`POST <url>/v1/<endpoint>`). */
export type AuthProxyEndpoint =
  | 'signup'
  | 'account'
  | 'oauth_login'
  | 'otp_init'
  | 'otp_verify'
  | 'otp_login'
  | 'wallet_kit_config'

/** What went wrong, as `AuthProxyError.code`. */
export type AuthProxyErrorCode =
  /** gRPC code 16 (HTTP 401 without one): the config id is missing or unknown to the proxy. */
  | 'auth_proxy_config_refused'
  /** gRPC code 7 (HTTP 403 without one): the origin is not allowed (readable outside a browser; a browser sees `auth_proxy_unreachable`). */
  | 'auth_proxy_origin_refused'
  /** No answer could be read: the network, or a proxy refusing this page's origin (no CORS headers). */
  | 'auth_proxy_unreachable'
  /** No answer within the client's timeout. */
  | 'auth_proxy_timeout'
  /** gRPC code 8 (HTTP 429 without one). */
  | 'auth_proxy_rate_limited'
  /** 5xx, or an answer that is not the JSON the endpoint documents. */
  | 'auth_proxy_failed'
  /** Any other refusal (4xx): the proxy's own message is in `proxyMessage`. */
  | 'auth_proxy_refused'

const whatHappened: Record<AuthProxyErrorCode, string> = {
  auth_proxy_config_refused:
    'The sign-in service does not recognise this app. Please contact the app’s support.',
  auth_proxy_origin_refused:
    'The sign-in service does not accept requests from this site. Please contact the app’s support.',
  auth_proxy_unreachable:
    'The sign-in service could not be reached. Check your connection and try again.',
  auth_proxy_timeout:
    'The sign-in service did not answer in time. Please try again.',
  auth_proxy_rate_limited:
    'Too many requests. Please wait a few seconds and try again.',
  auth_proxy_failed: 'The sign-in service failed. Please try again.',
  auth_proxy_refused: 'The sign-in service refused the request.',
}

const whatToDo: Record<AuthProxyErrorCode, string> = {
  auth_proxy_config_refused:
    'Check passkeyWallet({ authProxy: { configId } }): the Auth Proxy config id from the vendor’s dashboard, sent as X-Auth-Proxy-Config-Id.',
  auth_proxy_origin_refused:
    'Add this page’s exact origin (scheme, host and port) to the allowed origins of the Auth Proxy config.',
  auth_proxy_unreachable:
    'Either the network failed, or the Auth Proxy config does not allow this page’s origin: a refused origin gets no CORS headers, so the browser reports it as a network failure. Check the config’s allowed origins and authProxy.url.',
  auth_proxy_timeout:
    'Nothing was kept from this attempt; raise authProxy.timeoutMs if the proxy is slow where your users are.',
  auth_proxy_rate_limited:
    'The Auth Proxy limits requests per app and per user; retry after a few seconds.',
  auth_proxy_failed:
    'The Auth Proxy or the vendor behind it failed; nothing was kept from this attempt.',
  auth_proxy_refused:
    'The proxy’s own message says why; see proxyMessage and docs/errors.md.',
}

export type AuthProxyErrorType = AuthProxyError & { name: 'AuthProxyError' }

/**
 * The vendor's Auth Proxy failed or refused a request. `code` says what
 * happened, `endpoint` which call, `status` the HTTP status (none when no
 * answer could be read) and `proxyCode` / `proxyMessage` the proxy's own
 * `{ code, message }` as it came.
 */
export class AuthProxyError extends BaseError {
  override name = 'AuthProxyError'
  declare readonly code: AuthProxyErrorCode
  readonly endpoint: AuthProxyEndpoint
  readonly status: number | undefined
  readonly proxyCode: number | undefined
  readonly proxyMessage: string | undefined

  constructor({
    code,
    endpoint,
    status,
    proxyCode,
    proxyMessage,
    reason,
    cause,
  }: {
    code: AuthProxyErrorCode
    endpoint: AuthProxyEndpoint
    status?: number | undefined
    proxyCode?: number | undefined
    proxyMessage?: string | undefined
    /** For the developer, when the proxy's message is not the whole story. */
    reason?: string | undefined
    cause?: unknown
  }) {
    super(whatHappened[code], {
      code,
      cause,
      details: [
        `/v1/${endpoint}`,
        status === undefined ? 'no answer' : `HTTP ${status}`,
        proxyMessage,
        reason,
      ]
        .filter(Boolean)
        .join(': '),
      metaMessages: [whatToDo[code]],
      docsPath: 'docs/errors.md',
    })
    this.endpoint = endpoint
    this.status = status
    this.proxyCode = proxyCode
    this.proxyMessage = proxyMessage
  }
}

/** The proxy answered 200, but not what `endpoint` documents: nothing it said can be used. */
export const unexpectedProxyAnswer = (
  endpoint: AuthProxyEndpoint,
  reason: string,
) =>
  new AuthProxyError({
    code: 'auth_proxy_failed',
    endpoint,
    status: 200,
    reason,
  })
