import type { Address } from 'viem'

/** A connector's `connect`, as wagmi types it, taking the connector's own parameters. */
export type ConnectWithCapabilities<parameters> = <
  withCapabilities extends boolean = false,
>(
  parameters?: parameters & { withCapabilities?: withCapabilities | boolean },
) => Promise<{
  accounts: withCapabilities extends true
    ? readonly { address: Address; capabilities: Record<string, unknown> }[]
    : readonly Address[]
  chainId: number
}>
