import {
  InvalidCaipChainIdError,
  UnsupportedCaipNamespaceError,
} from '../errors/caip.js'
import { caipNamespaceRules } from './caipNamespaceRules.js'
import { type CaipNamespace, isCaipNamespace } from './caipNamespaces.js'

export type CaipChainId = { namespace: CaipNamespace; reference: string }

/**
 * Parses a CAIP-2 chain id such as `eip155:8453`.
 * @throws InvalidCaipChainIdError, UnsupportedCaipNamespaceError
 */
export function parseCaipChainId(value: unknown): CaipChainId {
  if (typeof value !== 'string')
    throw new InvalidCaipChainIdError({ value, reason: 'not a string' })
  const parts = value.split(':')
  if (parts.length !== 2)
    throw new InvalidCaipChainIdError({
      value,
      reason: `expected 2 parts separated by ":", got ${parts.length}`,
    })
  const [namespace, reference] = parts as [string, string]
  return checkCaipChainId(value, namespace, reference)
}

/** Validates an already split chain id; `value` is what the error quotes. */
export function checkCaipChainId(
  value: string,
  namespace: string,
  reference: string,
): CaipChainId {
  if (!isCaipNamespace(namespace)) {
    // CAIP-2 caps namespaces at 8 characters; "multiversx" is a known exception.
    if (!/^[-a-z0-9]{3,8}$/.test(namespace))
      throw new InvalidCaipChainIdError({
        value,
        reason: 'the namespace must be 3 to 8 lowercase letters, digits or "-"',
      })
    throw new UnsupportedCaipNamespaceError({ namespace })
  }
  const rule = caipNamespaceRules[namespace]
  if (!rule.isReference(reference))
    throw new InvalidCaipChainIdError({
      value,
      reason: `the ${namespace} reference must be ${rule.reference}`,
    })
  return { namespace, reference }
}
