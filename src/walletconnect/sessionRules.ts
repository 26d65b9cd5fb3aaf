import { isAddress } from 'viem'

/** SPEC §9: the methods and events every session must have. */
export const requiredMethods = ['eth_sendTransaction', 'personal_sign'] as const
export const requiredEvents = ['chainChanged', 'accountsChanged'] as const

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
 * What an approved session lacks of SPEC §9, or undefined when it has it all.
 *
 * SDK 2.21.8 cannot make the wallet honour these: sign-client's `connect()`
 * merges `requiredNamespaces` into `optionalNamespaces` and proposes `{}` as
 * required (they are deprecated), so a wallet may approve a session without
 * them. The connector asks for them in the proposal and checks the answer
 * here. The eip155 namespace may be keyed `eip155` or per chain
 * (`eip155:1`); every such entry counts.
 */
export function findMissingRequirements(
  namespaces: ApprovedNamespaces | undefined,
  chainIds: readonly number[],
): MissingSessionRequirements | undefined {
  const eip155 = Object.entries(namespaces ?? {})
    .filter(([key]) => key === 'eip155' || key.startsWith('eip155:'))
    .map(([, namespace]) => namespace)
  const has = (kind: 'methods' | 'events', name: string) =>
    eip155.some((namespace) => namespace[kind]?.includes(name))
  const accountChainIds = eip155.flatMap((namespace) =>
    (namespace.accounts ?? []).flatMap((account) => {
      const [space, reference, address] = account.split(':')
      return space === 'eip155' &&
        address &&
        isAddress(address, { strict: false })
        ? [Number(reference)]
        : []
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
