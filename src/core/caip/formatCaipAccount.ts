import type { CaipNamespace } from './caipNamespaces.js'
import { parseCaipAccount } from './parseCaipAccount.js'

export type FormatCaipAccountParameters = {
  namespace: CaipNamespace
  reference: string | number
  address: string
}

/**
 * `{ namespace: 'eip155', reference: 1, address }` → `'eip155:1:0x…'`, with
 * the address in canonical form.
 * @throws InvalidCaipAccountError, UnsupportedCaipNamespaceError
 */
export function formatCaipAccount({
  namespace,
  reference,
  address,
}: FormatCaipAccountParameters): `${CaipNamespace}:${string}:${string}` {
  const account = parseCaipAccount(`${namespace}:${reference}:${address}`)
  return `${account.namespace}:${account.reference}:${account.address}`
}
