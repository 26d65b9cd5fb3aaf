import { readEip155Account } from '../core/caip.js'

// What every session must have (docs/walletconnect.md, Pairing): public, so
// kept apart from the runtime's code, since a bundler may put what a subpath
// re-exports in the host's first load. What a session asks for and allows is
// in sessionRules.ts.

/** The methods and events every session must have. */
export const requiredMethods = ['eth_sendTransaction', 'personal_sign'] as const
export const requiredEvents = ['chainChanged', 'accountsChanged'] as const

/**
 * A session's eip155 namespaces, each with its key: a wallet may key the
 * namespace `eip155` or per chain (`eip155:1`), and every such entry counts.
 */
export function eip155Namespaces<namespace>(
  namespaces: Record<string, namespace> | undefined,
): [key: string, namespace: namespace][] {
  return Object.entries(namespaces ?? {}).filter(
    ([key]) => key === 'eip155' || key.startsWith('eip155:'),
  )
}

export type MissingSessionRequirements = {
  methods: string[]
  events: string[]
  /** Set when no eip155 account is on any configured chain. */
  account: { chainIds: number[] } | undefined
}

type ApprovedNamespaces = Record<
  string,
  {
    accounts?: readonly string[] | undefined
    methods?: readonly string[] | undefined
    events?: readonly string[] | undefined
  }
>

/**
 * What an approved session lacks of the required methods, events and an
 * account on a configured chain, or undefined when it has it all.
 *
 * SDK 2.21.8 cannot make the wallet honour these: sign-client's `connect()`
 * merges `requiredNamespaces` into `optionalNamespaces` and proposes `{}` as
 * required (they are deprecated), so a wallet may approve a session without
 * them. The connector asks for them in the proposal and checks the answer
 * here.
 */
export function findMissingRequirements(
  namespaces: ApprovedNamespaces | undefined,
  chainIds: readonly number[],
): MissingSessionRequirements | undefined {
  const eip155 = eip155Namespaces(namespaces).map(([, namespace]) => namespace)
  const has = (kind: 'methods' | 'events', name: string) =>
    eip155.some((namespace) => namespace[kind]?.includes(name))
  const accountChainIds = eip155.flatMap((namespace) =>
    (namespace.accounts ?? []).flatMap((account) => {
      const chainId = readEip155Account(account)?.chainId
      return chainId === undefined ? [] : [chainId]
    }),
  )
  const missing: MissingSessionRequirements = {
    methods: requiredMethods.filter((method) => !has('methods', method)),
    events: requiredEvents.filter((event) => !has('events', event)),
    account: chainIds.some((chainId) => accountChainIds.includes(chainId))
      ? undefined
      : { chainIds: [...chainIds] },
  }
  return missing.methods.length || missing.events.length || missing.account
    ? missing
    : undefined
}
