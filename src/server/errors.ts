import { BaseError } from '../core/errors.js'

export type InvalidPasskeyBackendParameterErrorType =
  InvalidPasskeyBackendParameterError & {
    name: 'InvalidPasskeyBackendParameterError'
  }
/**
 * createPasskeyBackend() was given an option it cannot work with. The message
 * names the option and what it expects, never the value given (it may be a key).
 */
export class InvalidPasskeyBackendParameterError extends BaseError {
  override name = 'InvalidPasskeyBackendParameterError'
  static get code() {
    return 'invalid_parameter' as const
  }
  /** The option, e.g. `apiPrivateKey`. */
  readonly parameter: string
  constructor(parameter: string, expected: string) {
    super(
      `createPasskeyBackend: invalid \`${parameter}\`: expected ${expected}.`,
      {
        code: InvalidPasskeyBackendParameterError.code,
        docsPath: 'docs/backend.md',
      },
    )
    this.parameter = parameter
  }
}
