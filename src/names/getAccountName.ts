import type { Config } from '@wagmi/core'
import { type Address, InvalidAddressError, isAddress } from 'viem'
import { getEnsName } from 'viem/actions'
import { toCoinType } from 'viem/ens'

/** Names are resolved with the ENS lookup on Base (docs/panels.md, "Names on Base"). */
export const accountNameChainId = 8453

export type GetAccountNameParameters = {
  address: Address
  /**
   * The universal resolver to ask on chain 8453: the chain's
   * `contracts.ensUniversalResolver` in the host's config by default.
   */
  universalResolverAddress?: Address | undefined
}

/**
 * The primary name of `address` on Base (ENSIP-19: Base's coin type), asked
 * of the universal resolver on chain 8453 through the host's wagmi config,
 * or `null`: no name, no chain 8453 in the config, no resolver on it, or a
 * resolver that fails. A name is a nicety beside the address, never a reason
 * for an error on screen. An argument that is not an address throws viem's
 * InvalidAddressError.
 */
export async function getAccountName(
  config: Config,
  { address, universalResolverAddress }: GetAccountNameParameters,
): Promise<string | null> {
  if (!isAddress(address, { strict: false }))
    throw new InvalidAddressError({ address })
  const chain = config.chains.find(({ id }) => id === accountNameChainId)
  const resolver =
    universalResolverAddress ?? chain?.contracts?.ensUniversalResolver?.address
  if (!chain || !resolver) return null
  try {
    // viem's action on the config's client, as wagmi's getEnsName does: through
    // wagmi's, esbuild puts viem's other actions in a host's first load
    // (docs/benchmarks.md, "Why, module by module").
    const name = await getEnsName(
      config.getClient({ chainId: accountNameChainId }),
      {
        address,
        coinType: toCoinType(accountNameChainId),
        universalResolverAddress: resolver,
      },
    )
    return name || null
  } catch {
    return null
  }
}
