type Session = {
  namespaces: Record<
    string,
    { chains?: string[] | undefined; accounts: string[] }
  >
}

/** The eip155 chain ids a session approved, from its chains and its accounts. */
export function sessionChainIds(session: Session | undefined): number[] {
  const namespace = session?.namespaces.eip155
  const fromChains = (namespace?.chains ?? []).map((chain) =>
    Number(chain.split(':')[1]),
  )
  const fromAccounts = (namespace?.accounts ?? []).map((account) =>
    Number(account.split(':')[1]),
  )
  return [...new Set([...fromChains, ...fromAccounts])]
}
