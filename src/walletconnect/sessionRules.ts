import { isAddress } from 'viem'
import {
  SwitchChainOnlyInWalletError,
  SwitchChainUnavailableError,
} from '../core/errors/chain.js'

// What a session is asked for, what it must have, and what it allows: the
// rules every part of the connector reads a session by.

/** The methods and events every session must have (docs/walletconnect.md, Pairing). */
export const requiredMethods = ['eth_sendTransaction', 'personal_sign'] as const
export const requiredEvents = ['chainChanged', 'accountsChanged'] as const

/**
 * What a session proposal asks for in `eip155`: the required methods and
 * events first, then those a dapp may use (the set wagmi's own connector
 * proposes).
 */
export const proposedMethods = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_sendRawTransaction',
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_getPermissions',
  'wallet_requestPermissions',
  'wallet_registerOnboarding',
  'wallet_watchAsset',
  'wallet_scanQRCode',
  'wallet_sendCalls',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
]
export const proposedEvents = [
  'chainChanged',
  'accountsChanged',
  'message',
  'disconnect',
  'connect',
]

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

type SessionNamespaces = {
  namespaces: Record<
    string,
    {
      chains?: string[] | undefined
      accounts: string[]
      methods?: readonly string[] | undefined
    }
  >
}

/** The eip155 chain ids a session approved, from its chains and its accounts. */
export function sessionChainIds(
  session: SessionNamespaces | undefined,
): number[] {
  return [
    ...new Set(
      eip155Namespaces(session?.namespaces)
        .flatMap(([key, namespace]) => [
          ...(namespace.chains ?? (key === 'eip155' ? [] : [key])),
          ...namespace.accounts,
        ])
        .map((id) => Number(id.split(':')[1]))
        .filter(Number.isInteger),
    ),
  ]
}

/** The eip155 methods a session approved. */
export function sessionMethods(
  session:
    | {
        namespaces: Record<string, { methods?: readonly string[] | undefined }>
      }
    | undefined,
): string[] {
  return [
    ...new Set(
      eip155Namespaces(session?.namespaces).flatMap(
        ([, namespace]) => namespace.methods ?? [],
      ),
    ),
  ]
}

/**
 * Refuses a switch the session cannot make from the app (docs/walletconnect.md,
 * Switching): with `switching: 'wallet'`, or a wallet without
 * `wallet_switchEthereumChain`, 'Network switching is only supported through
 * the wallet'; to a chain the session did not approve, 'Network switching is
 * not available at this time…'.
 */
export function checkChainSwitch({
  session,
  chainId,
  switching,
}: {
  session: SessionNamespaces
  chainId: number
  switching: 'app' | 'wallet'
}) {
  if (switching === 'wallet')
    throw new SwitchChainOnlyInWalletError({ chainId })
  if (!sessionChainIds(session).includes(chainId))
    throw new SwitchChainUnavailableError({ chainId })
  if (!sessionMethods(session).includes('wallet_switchEthereumChain'))
    throw new SwitchChainOnlyInWalletError({ chainId })
}

const methodsForTheUser = new Set([
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_signTransaction',
  'wallet_addEthereumChain',
  'wallet_sendCalls',
])

/**
 * Whether a request waits for the wallet's user: on a phone it opens the
 * wallet app, and such requests reach the wallet one at a time.
 */
export const needsTheUser = (method: string) => methodsForTheUser.has(method)
