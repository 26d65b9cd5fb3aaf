import { readEip155Account, readEip155ChainId } from '../core/caip.js'
import {
  SwitchChainNotSupportedError,
  SwitchChainOnlyInWalletError,
} from '../core/chains.js'
import { eip155Namespaces } from './requirements.js'

// What a session is asked for and what it allows: the chains and methods it
// approved, a chain switch from the app, and the requests that wait for the
// wallet's user. What it must have is in requirements.ts.

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
        .map((id) => readEip155ChainId(id) ?? readEip155Account(id)?.chainId)
        .filter((id) => id !== undefined),
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
 * Switching): with `switching: 'wallet'`, or to a chain the session did not
 * approve, SwitchChainOnlyInWalletError; with a wallet without
 * `wallet_switchEthereumChain`, SwitchChainNotSupportedError, as injected
 * wallets without it.
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
    throw new SwitchChainOnlyInWalletError({ reason: 'walletOnly', chainId })
  if (!sessionChainIds(session).includes(chainId))
    throw new SwitchChainOnlyInWalletError({
      reason: 'chainNotApproved',
      chainId,
    })
  if (!sessionMethods(session).includes('wallet_switchEthereumChain'))
    throw new SwitchChainNotSupportedError({ chainId })
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
 * Whether only a wallet answers a method (`wallet_*`: EIP-5792's calls and
 * capabilities, assets, permissions): it is never asked of the chain's node.
 */
export const onlyTheWalletAnswers = (method: string) =>
  method.startsWith('wallet_')

/**
 * Whether a request waits for the wallet's user: on a phone it opens the
 * wallet app, and such requests reach the wallet one at a time.
 */
export const needsTheUser = (method: string) => methodsForTheUser.has(method)
