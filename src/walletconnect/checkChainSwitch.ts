import {
  SwitchChainOnlyInWalletError,
  SwitchChainUnavailableError,
} from '../core/chains.js'
import { sessionChainIds } from './sessionChainIds.js'
import { sessionMethods } from './sessionMethods.js'

type Session = Parameters<typeof sessionChainIds>[0] & {
  namespaces: Record<string, { methods?: string[] | undefined }>
}

/**
 * Refuses a switch the session cannot make from the app (SPEC §5): with
 * `switching: 'wallet'`, or a wallet without `wallet_switchEthereumChain`,
 * 'Network switching is only supported through the wallet'; to a chain the
 * session did not approve, 'Network switching is not available at this time…'.
 */
export function checkChainSwitch({
  session,
  chainId,
  switching,
}: {
  session: Session
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
