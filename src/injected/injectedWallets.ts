import type { CreateConnectorFn } from '@wagmi/core'
import { registryIdByRdns } from '../wallets/registryIdByRdns.js'
import type { WalletDescriptor } from '../wallets/walletRegistry.js'
import { alwaysExcludedIdOf } from './alwaysExcludedWallets.js'
import { announcedProviders } from './announcedProviders.js'
import type { AnnouncedProvider } from './eip1193.js'
import { injectedWallet } from './injectedWallet.js'

export type InjectedWalletsParameters = {
  /**
   * Wallets you configured yourself (e.g. with `injectedWallet`), by registry
   * id or rdns: left out so none appears twice.
   */
  exclude?: readonly string[] | undefined
  shimDisconnect?: boolean | undefined
}

/**
 * One `injectedWallet` connector for each browser wallet announced by
 * EIP-6963 when the config is created, except the wallets with dedicated
 * connectors (SPEC §9) and those in `exclude`. Each claims its wallet's rdns,
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
    const wallet = toDescriptor(announced)
    const names = [wallet.id, ...(wallet.rdns ?? [])]
    if (alwaysExcludedIdOf(announced)) continue
    if (names.some((name) => exclude.includes(name) || seen.has(name))) continue
    for (const name of names) seen.add(name)
    connectors.push(injectedWallet({ wallet, shimDisconnect }))
  }
  return connectors
}

/**
 * The announcement's own descriptor, under the registry id when the registry
 * knows its rdns (so `exclude: ['rabby']` works). Nothing else is needed of
 * the registry: an announced wallet is found by its rdns, never by flags or
 * links.
 */
function toDescriptor({ info }: AnnouncedProvider): WalletDescriptor {
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
