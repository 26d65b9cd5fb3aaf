import {
  type HostBackendCallback,
  HostBackendError,
  HostBackendTimeoutError,
} from './errors/hostBackend.js'
import { withDeadline } from './withDeadline.js'

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
