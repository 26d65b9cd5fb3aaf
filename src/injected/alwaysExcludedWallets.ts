import type { AnnouncedProvider } from './eip1193.js'

/**
 * Wallets `injectedWallets()` never lists (SPEC §9): they have dedicated
 * connectors. Each is recognised by its rdns where known, else by its name.
 */
export const alwaysExcludedWallets = {
  phantomevm: { rdns: ['app.phantom'], name: /^phantom$/i },
  coinbase: {
    rdns: ['com.coinbase.wallet'],
    name: /^coinbase( wallet)?$/i,
  },
  exodusevm: { rdns: ['com.exodus.web3-wallet'], name: /^exodus$/i },
  abstract: { rdns: [], name: /^abstract( global wallet)?$/i },
  metamask: {
    rdns: ['io.metamask', 'io.metamask.mobile'],
    name: /^metamask$/i,
  },
  edenonline: { rdns: [], name: /^eden ?online$/i },
  intersend: { rdns: [], name: /^intersend$/i },
} as const satisfies Record<string, { rdns: readonly string[]; name: RegExp }>

export type AlwaysExcludedWalletId = keyof typeof alwaysExcludedWallets

/** The always-excluded wallet an announcement is, if any. */
export function alwaysExcludedIdOf({
  info,
}: Pick<AnnouncedProvider, 'info'>): AlwaysExcludedWalletId | undefined {
  return (
    Object.entries(alwaysExcludedWallets) as [
      AlwaysExcludedWalletId,
      { rdns: readonly string[]; name: RegExp },
    ][]
  ).find(
    ([, wallet]) =>
      wallet.rdns.includes(info.rdns) || wallet.name.test(info.name.trim()),
  )?.[0]
}
