type Session = {
  namespaces: Record<
    string,
    { chains?: string[] | undefined; accounts: string[] }
  >
}

/**
 * The eip155 chain ids a session approved, from its chains and its accounts,
 * whether the wallet keyed the namespace `eip155` or per chain (`eip155:1`).
 */
export function sessionChainIds(session: Session | undefined): number[] {
  return [
    ...new Set(
      Object.entries(session?.namespaces ?? {})
        .filter(([key]) => key === 'eip155' || key.startsWith('eip155:'))
        .flatMap(([key, namespace]) => [
          ...(namespace.chains ?? (key === 'eip155' ? [] : [key])),
          ...namespace.accounts,
        ])
        .map((id) => Number(id.split(':')[1]))
        .filter(Number.isInteger),
    ),
  ]
}
