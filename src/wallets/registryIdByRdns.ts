import type { WalletId } from './walletIds.js'

/**
 * The registry id of each rdns the registry knows, kept apart so listing
 * announced wallets loads no registry (a test keeps it in step).
 */
export const registryIdByRdns: Readonly<Record<string, WalletId>> = {
  'io.metamask': 'metamask',
  'io.metamask.mobile': 'metamask',
  'com.coinbase.wallet': 'coinbase',
  'app.phantom': 'phantom',
  'com.trustwallet.app': 'trust',
  'com.okex.wallet': 'okx',
  'com.bitget.web3': 'bitget',
  'me.rainbow': 'rainbow',
  'io.zerion.wallet': 'zerion',
  'io.rabby': 'rabby',
  'com.exodus.web3-wallet': 'exodus',
  'com.brave.wallet': 'brave',
  'app.backpack': 'backpack',
  'app.backpack.mobile': 'backpack',
}
