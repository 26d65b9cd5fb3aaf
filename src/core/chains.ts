import {
  type Connector,
  type Transport,
  ChainNotConfiguredError as WagmiChainNotConfiguredError,
  SwitchChainNotSupportedError as WagmiSwitchChainNotSupportedError,
} from '@wagmi/core'
import { type Chain, http } from 'viem'
import {
  asPackError,
  isWalletRejection,
  userRejection,
} from './connectionErrors.js'
import { BaseError } from './errors.js'

type ChainErrorParameters = { chainId?: number | undefined; cause?: unknown }

function chainDetails(chainId: number | undefined) {
  return chainId === undefined ? undefined : `chain id ${chainId}`
}

export type SwitchChainOnlyInWalletErrorType = SwitchChainOnlyInWalletError & {
  name: 'SwitchChainOnlyInWalletError'
}
/**
 * The app cannot move the WalletConnect session to the chain: the user
 * switches in the wallet. `reason` says why: `'walletOnly'`, the host chose
 * `switching: 'wallet'`; `'chainNotApproved'`, the session has no account
 * on that chain.
 */
export class SwitchChainOnlyInWalletError extends BaseError {
  override name = 'SwitchChainOnlyInWalletError'
  static get code() {
    return 'network_switching_only_available_in_wallet' as const
  }
  readonly reason: 'walletOnly' | 'chainNotApproved'
  constructor({
    reason,
    chainId,
    cause,
  }: ChainErrorParameters & { reason: 'walletOnly' | 'chainNotApproved' }) {
    super(
      reason === 'walletOnly'
        ? 'Network switching is only supported through the wallet'
        : 'Network switching is not available at this time. The user should manually switch network in their wallet',
      {
        code: SwitchChainOnlyInWalletError.code,
        cause,
        details: chainDetails(chainId),
        metaMessages: [
          reason === 'walletOnly'
            ? "The connector's `switching: 'wallet'` leaves the network to the wallet."
            : 'The wallet approved no account on this chain for the session.',
        ],
      },
    )
    this.reason = reason
  }
}

export type SwitchChainNotSupportedErrorType = SwitchChainNotSupportedError & {
  name: 'SwitchChainNotSupportedError'
}
/**
 * The wallet has no `wallet_switchEthereumChain`. It is `@wagmi/core`'s
 * `SwitchChainNotSupportedError` (not our `BaseError`), with the pack's message and `code`.
 */
export class SwitchChainNotSupportedError extends WagmiSwitchChainNotSupportedError {
  static get code() {
    return 'network_switching_not_supported' as const
  }
  declare readonly code: string | number | undefined
  constructor({ chainId, cause }: ChainErrorParameters = {}) {
    super({ connector: { name: 'The wallet' } as Connector })
    asPackError(this, 'Network switching is not supported', {
      code: SwitchChainNotSupportedError.code,
      cause,
      details: chainDetails(chainId),
    })
  }
}

export type SwitchChainRejectedErrorType = SwitchChainRejectedError & {
  name: 'SwitchChainRejectedError'
}
/** The user said no to the switch; its cause is the wallet's own 4001 error. */
export class SwitchChainRejectedError extends BaseError {
  override name = 'SwitchChainRejectedError'
  static get code() {
    return 'network_switch_rejected' as const
  }
  constructor({ chainId, cause }: ChainErrorParameters = {}) {
    super("User rejected the wallet's request to switch network", {
      code: SwitchChainRejectedError.code,
      cause,
      details: chainDetails(chainId),
    })
  }
}

export type PublicClientNotFoundErrorType = PublicClientNotFoundError & {
  name: 'PublicClientNotFoundError'
}
/** No transport is configured for the chain a read needs. */
export class PublicClientNotFoundError extends BaseError {
  override name = 'PublicClientNotFoundError'
  static get code() {
    return 'public_client_not_found' as const
  }
  constructor({ chainId, cause }: ChainErrorParameters = {}) {
    super('No public client available', {
      code: PublicClientNotFoundError.code,
      cause,
      details: chainDetails(chainId),
      metaMessages: ['Add a transport for this chain to the wagmi config.'],
    })
  }
}

export type ChainNotConfiguredErrorType = ChainNotConfiguredError & {
  name: 'ChainNotConfiguredError'
}
/**
 * The chain is not in the wagmi config's `chains`. It is `@wagmi/core`'s
 * `ChainNotConfiguredError` (not our `BaseError`), with the pack's message and `code`.
 */
export class ChainNotConfiguredError extends WagmiChainNotConfiguredError {
  static get code() {
    return 'chain_not_configured' as const
  }
  declare readonly code: string | number | undefined
  constructor({ chainId, cause }: ChainErrorParameters = {}) {
    super()
    asPackError(this, 'Could not find network mapping for chain', {
      code: ChainNotConfiguredError.code,
      cause,
      details: chainDetails(chainId),
      metaMessages: ['Add the chain to `chains` in createConfig.'],
    })
  }
}

/** A wallet's refusal of a network switch, as every connector gives it; any other error as it came. */
export function asSwitchRejection(error: unknown, chainId: number): unknown {
  if (!isWalletRejection(error)) return error
  return userRejection(new SwitchChainRejectedError({ chainId, cause: error }))
}

/** Whether the host's wagmi config lists `chainId` among its `chains`. */
export function isConfiguredChain(
  chains: readonly { id: number }[],
  chainId: number,
): boolean {
  return chains.some((chain) => chain.id === chainId)
}

/** The configured chain with id `chainId`; a `ChainNotConfiguredError` if the host has none. */
export function configuredChain<chain extends { id: number }>(
  chains: readonly chain[],
  chainId: number,
): chain {
  const chain = chains.find((c) => c.id === chainId)
  if (!chain) throw new ChainNotConfiguredError({ chainId })
  return chain
}

/**
 * Every connector's reads of a chain, made once per chain: through the
 * host's own wagmi transport for it (its batching, fallbacks and URLs); for a
 * config made with `client`, which has no transports, over the chain's own
 * default RPC URL, as wagmi's walletConnect() does. A chain the config lacks
 * is ChainNotConfiguredError, and one with neither PublicClientNotFoundError.
 * The transport does not retry: the host's client that asked retries already.
 */
export function createChainTransports(
  chains: readonly Chain[],
  transports: Record<number, Transport> | undefined,
) {
  const made = new Map<
    number,
    { chain: Chain; transport: ReturnType<Transport> }
  >()
  return (chainId: number) => {
    const known = made.get(chainId)
    if (known) return known
    const chain = configuredChain(chains, chainId)
    const url = chain.rpcUrls.default.http[0]
    const transport = transports?.[chainId] ?? (url ? http(url) : undefined)
    if (!transport) throw new PublicClientNotFoundError({ chainId })
    const entry = { chain, transport: transport({ chain, retryCount: 0 }) }
    made.set(chainId, entry)
    return entry
  }
}
