import {
  InvalidCaipAccountError,
  InvalidCaipChainIdError,
} from '../errors/caip.js'
import { caipNamespaceRules } from './caipNamespaceRules.js'
import { type CaipChainId, checkCaipChainId } from './parseCaipChainId.js'

export type CaipAccount = CaipChainId & { address: string }

/**
 * Parses a CAIP-10 account such as `eip155:1:0xab16…fcdb`. The address comes
 * back in its namespace's canonical form (EIP-55 checksum for eip155).
 * @throws InvalidCaipAccountError, UnsupportedCaipNamespaceError
 */
export function parseCaipAccount(value: unknown): CaipAccount {
  if (typeof value !== 'string')
    throw new InvalidCaipAccountError({ value, reason: 'not a string' })
  const parts = value.split(':')
  if (parts.length !== 3)
    throw new InvalidCaipAccountError({
      value,
      reason: `expected 3 parts separated by ":", got ${parts.length}`,
    })
  const [namespace, reference, address] = parts as [string, string, string]
  const chainId = (() => {
    try {
      return checkCaipChainId(`${namespace}:${reference}`, namespace, reference)
    } catch (error) {
      if (!(error instanceof InvalidCaipChainIdError)) throw error
      throw new InvalidCaipAccountError({
        value,
        reason: error.reason,
        cause: error,
      })
    }
  })()
  const rule = caipNamespaceRules[chainId.namespace]
  const normalized = rule.normalizeAddress(address)
  if (normalized === undefined)
    throw new InvalidCaipAccountError({
      value,
      reason: `the ${chainId.namespace} address must be ${rule.address}`,
    })
  return { ...chainId, address: normalized }
}
