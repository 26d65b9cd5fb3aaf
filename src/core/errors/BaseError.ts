import { BaseError as WagmiBaseError } from '@wagmi/core'
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

const packErrorVersion = `wagmi-connector-pack@${version}`

/**
 * Errors of ours that extend one of wagmi's classes instead (so a host's
 * `instanceof` against `@wagmi/core` holds): `instanceof BaseError` holds
 * for them too.
 */
const wagmiDerived = new WeakSet<object>()

/**
 * Root of every error the pack throws. `shortMessage` is the sentence a host
 * may show to its user; `message` adds what a developer needs to fix it.
 * It is a viem BaseError, so viem and wagmi pass it to the hooks unchanged
 * instead of hiding it behind "An unknown RPC error occurred."
 *
 * A subclass gives its code as `static get code()`, not a static field:
 * compiled for ES2021 a static field is an assignment after the class, which
 * keeps every class of its module in a page's bundle (passkeyWallet's
 * first-load budget, bench/weight.ts); a getter in the class body does not.
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

// `instanceof BaseError` also holds for our errors built on wagmi's classes;
// for subclasses (`this` is the class right of `instanceof`) nothing changes.
Object.defineProperty(BaseError, Symbol.hasInstance, {
  value: function hasInstance(this: typeof BaseError, value: unknown) {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true
    return (
      this === BaseError &&
      typeof value === 'object' &&
      value !== null &&
      wagmiDerived.has(value)
    )
  },
})

/**
 * Gives an error built on one of wagmi's classes our shape: the SPEC
 * sentence as `shortMessage`, our `code`, `details`, message layout and
 * version, and `instanceof BaseError`.
 */
export function asPackError<error extends Error>(
  error: error,
  shortMessage: string,
  parameters: BaseErrorParameters,
): error & { code: string | number | undefined } {
  const details = parameters.details ?? detailsOf(parameters.cause)
  Object.defineProperties(error, {
    shortMessage: { value: shortMessage, writable: true, configurable: true },
    code: { value: parameters.code, enumerable: true, configurable: true },
    details: { value: details, writable: true, configurable: true },
    docsPath: {
      value: parameters.docsPath,
      writable: true,
      configurable: true,
    },
    metaMessages: {
      value: parameters.metaMessages,
      writable: true,
      configurable: true,
    },
    version: { value: packErrorVersion, configurable: true },
    message: {
      value: formatMessage(shortMessage, details, parameters),
      writable: true,
      configurable: true,
    },
  })
  if (parameters.cause !== undefined)
    Object.defineProperty(error, 'cause', {
      value: parameters.cause,
      writable: true,
      configurable: true,
    })
  wagmiDerived.add(error)
  return error as error & { code: string | number | undefined }
}

function formatMessage(
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

function detailsOf(cause: unknown): string | undefined {
  if (cause instanceof ViemBaseError) return cause.details
  if (cause instanceof WagmiBaseError) return cause.details
  if (cause instanceof Error) return cause.message
  return undefined
}
