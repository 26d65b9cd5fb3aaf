import { tokenAddresses } from 'virtual:sandbox'
import { useChainId } from 'wagmi'

/** The sandbox TestToken on the chain the app is on. */
export function useTokenAddress() {
  return tokenAddresses[useChainId() as keyof typeof tokenAddresses]
}
