import { BaseError as ViemBaseError } from 'viem'
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
 * It is a viem BaseError, so viem and wagmi pass it to the hooks unchanged
 * instead of hiding it behind "An unknown RPC error occurred."
 */
export class BaseError extends ViemBaseError {
  override name = 'WagmiConnectorPackError'
  readonly code: string | number | undefined
  override version = `wagmi-connector-pack@${version}`

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    super(shortMessage, {
      cause: parameters.cause as Error | undefined,
      details: parameters.details,
      docsPath: parameters.docsPath,
      metaMessages: parameters.metaMessages,
    })
    const details = parameters.details ?? detailsOf(parameters.cause)
    this.details = details as string
    this.code = parameters.code
    this.message = [
      shortMessage || 'An error occurred.',
      ...(parameters.metaMessages ? ['', ...parameters.metaMessages] : []),
      '',
      ...(parameters.docsPath
        ? [`Docs: wagmi-connector-pack/${parameters.docsPath}`]
        : []),
      ...(details ? [`Details: ${details}`] : []),
      `Version: ${this.version}`,
    ].join('\n')
  }
}

function detailsOf(cause: unknown): string | undefined {
  if (cause instanceof ViemBaseError) return cause.details
  if (cause instanceof Error) return cause.message
  return undefined
}
