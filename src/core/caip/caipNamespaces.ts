/** The chain namespaces the pack understands (SPEC §9). */
export const caipNamespaces = [
  'eip155',
  'solana',
  'cosmos',
  'polkadot',
  'cip34',
  'elrond',
  'multiversx',
  'near',
] as const

export type CaipNamespace = (typeof caipNamespaces)[number]

export function isCaipNamespace(value: string): value is CaipNamespace {
  return (caipNamespaces as readonly string[]).includes(value)
}
