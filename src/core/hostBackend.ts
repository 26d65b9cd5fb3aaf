import { withDeadline } from './deadlines.js'
import { BaseError } from './errors.js'

/**
 * How long a host callback may take by default (`backendTimeoutMs`): longer
 * than the server handlers' own 10 s vendor deadline, so that their 502
 * answer arrives before the page gives up.
 */
export const defaultBackendTimeoutMs = 30_000

// A backend's error answer may carry a sentence for the user; a long one is not a sentence.
const maxBackendMessageLength = 200

/**
 * Awaits a host callback into its backend and returns the JSON object it
 * answered: the object itself, or the body of a 2xx `Response`. A rejection,
 * a non-2xx status, a body that is not a JSON object, or any other value is
 * a `HostBackendError` naming the callback; no answer, its body read, within
 * `timeoutMs` is a `HostBackendTimeoutError` (the callback's signal aborts).
 */
export function readHostBackendAnswer(
  callback: HostBackendCallback,
  call: (signal: AbortSignal) => Promise<unknown>,
  timeoutMs: number = defaultBackendTimeoutMs,
): Promise<Record<string, unknown>> {
  return withDeadline(
    timeoutMs,
    (signal) => readAnswer(callback, () => call(signal)),
    () => new HostBackendTimeoutError({ callback, timeoutMs }),
  )
}

async function readAnswer(
  callback: HostBackendCallback,
  call: () => Promise<unknown>,
): Promise<Record<string, unknown>> {
  let answer: unknown
  try {
    answer = await call()
  } catch (cause) {
    throw new HostBackendError({
      callback,
      reason: `it rejected: ${(cause as Error)?.message ?? String(cause)}`,
      cause,
    })
  }
  if (typeof Response !== 'undefined' && answer instanceof Response) {
    const body = await answer.json().catch(() => undefined)
    if (!answer.ok) {
      const { message, code } = (body ?? {}) as {
        message?: unknown
        code?: unknown
      }
      throw new HostBackendError({
        callback,
        status: answer.status,
        reason: `the backend answered HTTP ${answer.status}${typeof message === 'string' ? `: ${message}` : ''}`,
        backendMessage:
          typeof message === 'string' &&
          message.length <= maxBackendMessageLength &&
          answer.status < 500
            ? message
            : undefined,
        backendCode:
          typeof code === 'string' && code.length <= 64 ? code : undefined,
      })
    }
    answer = body
  }
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer))
    throw new HostBackendError({
      callback,
      reason: `it resolved to ${kindOf(answer)}, not a JSON object`,
    })
  return answer as Record<string, unknown>
}

function kindOf(value: unknown) {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (value === undefined) return 'undefined'
  return `a ${typeof value}`
}

/** The host's own calls into its backend that the pack makes and checks. */
export type HostBackendCallback =
  | 'createAccount'
  | 'emailCode.send'
  | 'emailCode.verify'
  | 'recovery.start'
  | 'oidc.logIn'

export type HostBackendErrorType = HostBackendError & {
  name: 'HostBackendError'
}

const whatFailed: Record<HostBackendCallback, string> = {
  createAccount: "The app's server could not create the account.",
  'emailCode.send': "The app's server could not send the code.",
  'emailCode.verify': "The app's server could not check the code.",
  'recovery.start': "The app's server could not send the code.",
  'oidc.logIn': "The app's server could not sign you in.",
}

const contract: Record<HostBackendCallback, string> = {
  createAccount:
    'passkeyWallet({ createAccount }) must resolve to { subOrganizationId } or to a fetch Response of that JSON (docs/backend.md).',
  'emailCode.send':
    'passkeyWallet({ emailCode: { send } }) must resolve to { otpId, otpEncryptionTargetBundle } or to a fetch Response of that JSON (docs/backend.md).',
  'emailCode.verify':
    'passkeyWallet({ emailCode: { verify } }) must resolve to { verificationToken, verificationTokenId } or to a fetch Response of that JSON (docs/backend.md).',
  'recovery.start':
    'passkeyWallet({ recovery: { start } }) must resolve to a 2xx fetch Response or to the JSON { accepted: true } your backend answered (docs/backend.md).',
  'oidc.logIn':
    'socialLogin({ logIn }) must resolve to { subOrganizationId, session, created } or to a fetch Response of that JSON (docs/social-login.md).',
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
