import { BaseError } from './BaseError.js'

/** The host's own calls into its backend that the pack makes and checks. */
export type HostBackendCallback =
  | 'createAccount'
  | 'emailCode.send'
  | 'emailCode.verify'
  | 'recovery.start'

export type HostBackendErrorType = HostBackendError & {
  name: 'HostBackendError'
}

const whatFailed: Record<HostBackendCallback, string> = {
  createAccount: "The app's server could not create the account.",
  'emailCode.send': "The app's server could not send the code.",
  'emailCode.verify': "The app's server could not check the code.",
  'recovery.start': "The app's server could not send the code.",
}

const contract: Record<HostBackendCallback, string> = {
  createAccount:
    'passkeyWallet({ createAccount }) must resolve to { subOrganizationId } or to a fetch Response of that JSON (docs/backend.md).',
  'emailCode.send':
    'passkeyWallet({ emailCode: { send } }) must resolve to { otpId, otpEncryptionTargetBundle } or to a fetch Response of that JSON (docs/backend.md).',
  'emailCode.verify':
    'passkeyWallet({ emailCode: { verify } }) must resolve to { verificationToken } or to a fetch Response of that JSON (docs/backend.md).',
  'recovery.start':
    'passkeyWallet({ recovery: { start } }) must resolve to a 2xx fetch Response or to the JSON { accepted: true } your backend answered (docs/backend.md).',
}

/**
 * A host callback into its backend failed or answered the wrong shape. The
 * short message says so in plain words (with the backend's own `message`
 * when it sent one); `callback` names which one, `status` its HTTP status.
 */
export class HostBackendError extends BaseError {
  override name = 'HostBackendError'
  readonly callback: HostBackendCallback
  readonly status: number | undefined
  /** The backend's own `{ code }`, when its error answer had one (`email_taken`, …). */
  readonly backendCode: string | undefined

  constructor({
    callback,
    reason,
    status,
    backendMessage,
    backendCode,
    cause,
    code = 'host_backend_failed',
  }: {
    callback: HostBackendCallback
    /** What went wrong, for the developer: names the callback and what it did. */
    reason: string
    status?: number | undefined
    /** The backend's own sentence (`{ message }` of its error answer), shown as is. */
    backendMessage?: string | undefined
    backendCode?: string | undefined
    cause?: unknown
    /** `host_backend_timeout` for HostBackendTimeoutError. */
    code?: 'host_backend_failed' | 'host_backend_timeout' | undefined
  }) {
    super(
      backendMessage
        ? `${whatFailed[callback]} ${backendMessage}`
        : `${whatFailed[callback]} Please try again.`,
      {
        code,
        cause,
        details: `${callback}: ${reason}`,
        metaMessages: [contract[callback]],
        docsPath: 'docs/backend.md',
      },
    )
    this.callback = callback
    this.status = status
    this.backendCode = backendCode
  }
}

export type HostBackendTimeoutErrorType = HostBackendTimeoutError & {
  name: 'HostBackendTimeoutError'
}

/**
 * A host callback into its backend did not settle within `backendTimeoutMs`.
 * Its `signal` was aborted; whatever the backend had received may still happen.
 */
export class HostBackendTimeoutError extends HostBackendError {
  override name = 'HostBackendTimeoutError'
  readonly timeoutMs: number

  constructor({
    callback,
    timeoutMs,
  }: {
    callback: HostBackendCallback
    timeoutMs: number
  }) {
    super({
      callback,
      code: 'host_backend_timeout',
      reason: `no answer within ${timeoutMs} ms (passkeyWallet({ backendTimeoutMs }))`,
    })
    this.timeoutMs = timeoutMs
  }
}
