import type { Config, Connector, CreateConnectorFn } from '@wagmi/core'
import {
  registryIdByRdns,
  type WalletDescriptor,
} from '../wallets/walletRegistry.js'
import {
  alwaysExcludedIdOf,
  announcedProviders,
  watchAnnouncedProviders,
} from './discovery.js'
import type {
  AnnouncedProvider,
  InjectedWalletsParameters,
} from './injectedParameters.js'
import { injectedWallet } from './injectedWallet.js'

/**
 * One `injectedWallet` connector for each browser wallet announced by
 * EIP-6963 when the config is created, except the wallets with dedicated
 * connectors (`alwaysExcludedWallets`) and those in `exclude`. Each claims its wallet's rdns,
 * so wagmi's own discovery does not list it again. Empty on the server.
 *
 * @example
 * import { injectedWallet, injectedWallets, rabby } from 'wagmi-connector-pack/injected'
 * createConfig({ connectors: [injectedWallet({ wallet: rabby }), ...injectedWallets({ exclude: ['rabby'] })], … })
 */
export function injectedWallets({
  exclude = [],
  shimDisconnect,
}: InjectedWalletsParameters = {}): CreateConnectorFn[] {
  const seen = new Set<string>()
  const connectors: CreateConnectorFn[] = []
  for (const announced of announcedProviders()) {
    const wallet = descriptorOf(announced)
    const names = [wallet.id, ...(wallet.rdns ?? [])]
    if (alwaysExcludedIdOf(announced)) continue
    if (names.some((name) => exclude.includes(name) || seen.has(name))) continue
    for (const name of names) seen.add(name)
    connectors.push(injectedWallet({ wallet, shimDisconnect }))
  }
  return connectors
}

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

/**
 * The announcement's own descriptor, under the registry id when the registry
 * knows its rdns (so `exclude: ['rabby']` works). Nothing else is needed of
 * the registry: an announced wallet is found by its rdns, never by flags or
 * links.
 */
function descriptorOf({ info }: AnnouncedProvider): WalletDescriptor {
  const icon =
    typeof info.icon === 'string' && info.icon.startsWith('data:image/')
      ? info.icon
      : undefined
  if (!Object.hasOwn(registryIdByRdns, info.rdns))
    return { id: info.rdns, name: info.name, rdns: [info.rdns], icon }
  const id = registryIdByRdns[info.rdns]!
  // All of the wallet's rdns (its extension and its app), so `exclude` by any of them holds.
  const rdns = [
    info.rdns,
    ...Object.keys(registryIdByRdns).filter(
      (other) => other !== info.rdns && registryIdByRdns[other] === id,
    ),
  ]
  return { id, name: info.name, rdns, icon }
}
