import { type AddEthereumChainParameter, type Chain, numberToHex } from 'viem'
import {
  asSwitchRejection,
  SwitchChainNotSupportedError,
} from '../core/chains.js'
import { providerErrorCode } from '../core/walletAnswers.js'
import type { InjectedProvider } from './types.js'

const unknownChain = 4902
// 4200: the wallet does not support the method; -32601: no such method.
const unsupported = new Set([4200, -32601])

/**
 * `wallet_switchEthereumChain`; when the wallet does not know the chain
 * (4902, or MetaMask Mobile's nested 4902), `wallet_addEthereumChain` with
 * the chain's parameters from the config, then the switch again.
 */
export async function switchInjectedChain(
  provider: InjectedProvider,
  chain: Chain,
  addEthereumChainParameter?:
    | Omit<AddEthereumChainParameter, 'chainId'>
    | undefined,
) {
  const chainId = numberToHex(chain.id)
  const switchChain = () =>
    provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId }],
    })
  try {
    await switchChain()
    return
  } catch (error) {
    if (providerErrorCode(error) !== unknownChain)
      throw toSwitchError(error, chain.id)
  }
  const blockExplorerUrls = chain.blockExplorers
    ? Object.values(chain.blockExplorers).map(({ url }) => url)
    : undefined
  try {
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId,
          chainName: addEthereumChainParameter?.chainName ?? chain.name,
          nativeCurrency:
            addEthereumChainParameter?.nativeCurrency ?? chain.nativeCurrency,
          rpcUrls: addEthereumChainParameter?.rpcUrls ?? [
            ...chain.rpcUrls.default.http,
          ],
          blockExplorerUrls:
            addEthereumChainParameter?.blockExplorerUrls ?? blockExplorerUrls,
          iconUrls: addEthereumChainParameter?.iconUrls,
        },
      ],
    })
    // Wallets that switch on add answer this at once.
    await switchChain()
  } catch (error) {
    throw toSwitchError(error, chain.id)
  }
}

function toSwitchError(error: unknown, chainId: number) {
  const code = providerErrorCode(error)
  if (code !== undefined && unsupported.has(code))
    return new SwitchChainNotSupportedError({ chainId, cause: error })
  return asSwitchRejection(error, chainId)
}
