import { caipNamespaces } from '../caip/caipNamespaces.js'
import { BaseError } from './BaseError.js'

type InvalidCaipParameters = { value: unknown; reason: string; cause?: unknown }

function show(value: unknown) {
  let text: string
  try {
    text = typeof value === 'string' ? value : String(value)
  } catch {
    // An object without a prototype has no toString.
    text = Object.prototype.toString.call(value)
  }
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)
}

export type InvalidCaipChainIdErrorType = InvalidCaipChainIdError & {
  name: 'InvalidCaipChainIdError'
}
/** Not a CAIP-2 chain id (`namespace:reference`) of a supported namespace. */
export class InvalidCaipChainIdError extends BaseError {
  override name = 'InvalidCaipChainIdError'
  static get code() {
    return 'invalid_caip_chain_id' as const
  }
  readonly reason: string
  constructor({ value, reason, cause }: InvalidCaipParameters) {
    super(`Invalid CAIP-2 chain id ${show(value)}: ${reason}.`, {
      code: InvalidCaipChainIdError.code,
      cause,
      metaMessages: ['Expected "namespace:reference", e.g. "eip155:1".'],
    })
    this.reason = reason
  }
}

export type InvalidCaipAccountErrorType = InvalidCaipAccountError & {
  name: 'InvalidCaipAccountError'
}
/** Not a CAIP-10 account (`namespace:reference:address`) of a supported namespace. */
export class InvalidCaipAccountError extends BaseError {
  override name = 'InvalidCaipAccountError'
  static get code() {
    return 'invalid_caip_account' as const
  }
  constructor({ value, reason, cause }: InvalidCaipParameters) {
    super(`Invalid CAIP-10 account ${show(value)}: ${reason}.`, {
      code: InvalidCaipAccountError.code,
      cause,
      metaMessages: [
        'Expected "namespace:reference:address", e.g. "eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb".',
      ],
    })
  }
}

export type UnsupportedCaipNamespaceErrorType =
  UnsupportedCaipNamespaceError & {
    name: 'UnsupportedCaipNamespaceError'
  }
export class UnsupportedCaipNamespaceError extends BaseError {
  override name = 'UnsupportedCaipNamespaceError'
  static get code() {
    return 'unsupported_caip_namespace' as const
  }
  constructor({ namespace }: { namespace: string }) {
    super(`Unsupported chain namespace ${show(namespace)}.`, {
      code: UnsupportedCaipNamespaceError.code,
      metaMessages: [`Supported namespaces: ${caipNamespaces.join(', ')}.`],
    })
  }
}
