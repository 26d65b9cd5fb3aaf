import type { CaipNamespace } from './caipNamespaces.js'
import { checkCaipChainId } from './parseCaipChainId.js'

export type FormatCaipChainIdParameters = {
  namespace: CaipNamespace
  /** For eip155 the numeric chain id may be given as a number. */
  reference: string | number
}

/**
 * `{ namespace: 'eip155', reference: 8453 }` → `'eip155:8453'`.
 * @throws InvalidCaipChainIdError, UnsupportedCaipNamespaceError
 */
export function formatCaipChainId({
  namespace,
  reference,
}: FormatCaipChainIdParameters): `${CaipNamespace}:${string}` {
  const text = String(reference)
  checkCaipChainId(`${namespace}:${text}`, namespace, text)
  return `${namespace}:${text}`
}
