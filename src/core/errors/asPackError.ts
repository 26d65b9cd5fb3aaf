import {
  type BaseErrorParameters,
  detailsOf,
  formatMessage,
  packErrorVersion,
} from './BaseError.js'

/**
 * Gives an error built on one of wagmi's classes our shape: the SPEC
 * sentence as `shortMessage`, our `code`, `details`, message layout and
 * version. It stays wagmi's class, so it is not `instanceof` our BaseError:
 * hosts check it by wagmi's class or by its `code`.
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
  return error as error & { code: string | number | undefined }
}
