import type { CreateConnectorFn, Transport } from '@wagmi/core'
import { http } from 'viem'
import { PublicClientNotFoundError } from '../core/chains.js'

/**
 * One transport per chain, as the host configured it (batching, fallback
 * ranking, retries), made on first use; the chain's own RPC URL when the
 * config has none, and a typed error for a chain it lacks.
 */
export function createChainTransports(
  config: Pick<Parameters<CreateConnectorFn>[0], 'chains' | 'transports'>,
) {
  const transports = new Map<number, ReturnType<Transport>>()
  return function transportFor(id: number) {
    const known = transports.get(id)
    if (known) return known
    const chain = config.chains.find((c) => c.id === id)
    const url = chain?.rpcUrls.default.http[0]
    const transport = chain && (config.transports?.[id] ?? (url && http(url)))
    if (!transport) throw new PublicClientNotFoundError({ chainId: id })
    const made = transport({ chain })
    transports.set(id, made)
    return made
  }
}
