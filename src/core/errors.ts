import { BaseError as WagmiBaseError } from '@wagmi/core'
import { BaseError as ViemBaseError } from 'viem'
import { version } from '../version.js'

export type BaseErrorParameters = {
  /** Stable machine-readable code, e.g. `connection_rejected`. */
  code?: string | number | undefined
  cause?: unknown
  details?: string | undefined
  /** The page of the package's docs that explains the failure and its fix, e.g. `docs/errors.md`: the package ships them. */
  docsPath?: string | undefined
  metaMessages?: string[] | undefined
}

export type BaseErrorType = BaseError & { name: 'WagmiConnectorPackError' }

export const packErrorVersion = `wagmi-connector-pack@${version}`

/**
 * Root of every error the pack throws. `shortMessage` is the sentence a host
 * may show to its user; `message` adds what a developer needs to fix it.
 * It is a viem BaseError, so viem and wagmi pass it to the hooks unchanged
 * instead of hiding it behind "An unknown RPC error occurred."
 *
 * Subclasses give their code as a static getter (`static get code()`), not a
 * static field: at ES2021 a field compiles to an assignment after the class,
 * a side effect that keeps every error class of a module in a host's bundle
 * as soon as one of them is used.
 */
export class BaseError extends ViemBaseError {
  override name = 'WagmiConnectorPackError'
  readonly code: string | number | undefined
  override version = packErrorVersion

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
    this.message = formatMessage(shortMessage, details, parameters)
  }
}

export function formatMessage(
  shortMessage: string,
  details: string | undefined,
  { metaMessages, docsPath }: BaseErrorParameters,
) {
  return [
    shortMessage || 'An error occurred.',
    ...(metaMessages ? ['', ...metaMessages] : []),
    '',
    ...(docsPath ? [`Docs: wagmi-connector-pack/${docsPath}`] : []),
    ...(details ? [`Details: ${details}`] : []),
    `Version: ${packErrorVersion}`,
  ].join('\n')
}

export function detailsOf(cause: unknown): string | undefined {
  if (cause instanceof ViemBaseError) return cause.details
  if (cause instanceof WagmiBaseError) return cause.details
  if (cause instanceof Error) return cause.message
  return undefined
}
