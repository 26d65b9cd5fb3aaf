import { version } from '../../version.js'

export type BaseErrorParameters = {
  /** Stable machine-readable code, e.g. `connection_rejected`. */
  code?: string | number | undefined
  cause?: unknown
  details?: string | undefined
  /** Where the README explains the failure and its fix, e.g. `README.md#errors`. */
  docsPath?: string | undefined
  metaMessages?: string[] | undefined
}

export type BaseErrorType = BaseError & { name: 'WagmiConnectorPackError' }

/**
 * Root of every error the pack throws. `shortMessage` is the sentence a host
 * may show to its user; `message` adds what a developer needs to fix it.
 */
export class BaseError extends Error {
  override name = 'WagmiConnectorPackError'
  readonly shortMessage: string
  readonly code: string | number | undefined
  readonly details: string | undefined
  readonly docsPath: string | undefined
  readonly metaMessages: string[] | undefined
  readonly version = version

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const details = parameters.details ?? detailsOf(parameters.cause)
    const message = [
      shortMessage || 'An error occurred.',
      ...(parameters.metaMessages ? ['', ...parameters.metaMessages] : []),
      '',
      ...(parameters.docsPath
        ? [`Docs: wagmi-connector-pack/${parameters.docsPath}`]
        : []),
      ...(details ? [`Details: ${details}`] : []),
      `Version: wagmi-connector-pack@${version}`,
    ].join('\n')
    super(
      message,
      parameters.cause === undefined ? undefined : { cause: parameters.cause },
    )
    this.shortMessage = shortMessage
    this.code = parameters.code
    this.details = details
    this.docsPath = parameters.docsPath
    this.metaMessages = parameters.metaMessages
  }

  /** Walks the cause chain; returns the first error `fn` accepts, or the deepest one. */
  walk(): Error
  walk(fn: (error: unknown) => boolean): Error | null
  walk(fn?: (error: unknown) => boolean): Error | null {
    return walk(this, fn)
  }
}

function walk(error: unknown, fn?: (error: unknown) => boolean): Error | null {
  if (fn?.(error)) return error as Error
  if (error instanceof Error && error.cause !== undefined)
    return walk(error.cause, fn)
  return fn ? null : (error as Error)
}

function detailsOf(cause: unknown): string | undefined {
  if (cause instanceof BaseError) return cause.details
  if (cause instanceof Error) return cause.message
  return undefined
}
