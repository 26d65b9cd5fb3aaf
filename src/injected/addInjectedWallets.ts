import type { Config, Connector } from '@wagmi/core'
import { watchAnnouncedProviders } from './announcedProviders.js'
import {
  type InjectedWalletsParameters,
  injectedWallets,
} from './injectedWallets.js'

/**
 * `injectedWallets()` for a server-rendered app (wagmi's `ssr: true`): call it
 * after mount, so that the server and the hydrating render list the same
 * connectors. Adds a connector for each announced wallet that no connector of
 * the config claims yet (by id or rdns), now and whenever another wallet
 * announces itself, as wagmi's own discovery does; returns the way to stop
 * listening. Does nothing on the server.
 *
 * @example
 * useEffect(() => addInjectedWallets(config), [])
 */
export function addInjectedWallets(
  config: Config,
  parameters: InjectedWalletsParameters = {},
): () => void {
  if (typeof window === 'undefined') return () => {}
  const { connectors } = config._internal
  const add = () => {
    const claimed = config.connectors.flatMap(namesOf)
    const added = injectedWallets({
      ...parameters,
      exclude: [...(parameters.exclude ?? []), ...claimed],
    })
    if (added.length === 0) return
    connectors.setState((current) => [
      ...current,
      ...added.map((connectorFn) => connectors.setup(connectorFn)),
    ])
  }
  add()
  return watchAnnouncedProviders(add)
}

function namesOf({ id, rdns }: Connector): string[] {
  if (rdns === undefined) return [id]
  return [id, ...(typeof rdns === 'string' ? [rdns] : rdns)]
}
