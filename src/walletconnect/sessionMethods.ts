type Session = {
  namespaces: Record<string, { methods?: readonly string[] | undefined }>
}

/**
 * The eip155 methods a session approved, whether the wallet keyed the
 * namespace `eip155` or per chain (`eip155:1`).
 */
export function sessionMethods(session: Session | undefined): string[] {
  return [
    ...new Set(
      Object.entries(session?.namespaces ?? {})
        .filter(([key]) => key === 'eip155' || key.startsWith('eip155:'))
        .flatMap(([, namespace]) => namespace.methods ?? []),
    ),
  ]
}
