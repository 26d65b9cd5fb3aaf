import { useEffect } from 'react'
import { useConfig } from 'wagmi'
import type { InjectedWalletsParameters } from '../injected/injectedParameters.js'
import { addInjectedWallets } from '../injected/injectedWallets.js'

/**
 * `injectedWallets()` for a server-rendered app: the announced wallets join the
 * WagmiProvider's config after mount, so hydration sees the server's list.
 * Call it in a component inside WagmiProvider, before any reconnect matters:
 * its effect runs before WagmiProvider's own mount, which reconnects.
 */
export function useInjectedWallets({
  exclude,
  shimDisconnect,
}: InjectedWalletsParameters = {}): void {
  const config = useConfig()
  const excluded = exclude?.join('\n')
  useEffect(
    () =>
      addInjectedWallets(config, {
        exclude: excluded?.split('\n'),
        shimDisconnect,
      }),
    [config, excluded, shimDisconnect],
  )
}
