/** The wallets of the registry, by id (kept apart so a connector can check an id without loading the registry). */
export const walletIds = [
  'metamask',
  'coinbase',
  'phantom',
  'trust',
  'okx',
  'bitget',
  'rainbow',
  'zerion',
  'rabby',
  'exodus',
  'brave',
  'backpack',
] as const

export type WalletId = (typeof walletIds)[number]
