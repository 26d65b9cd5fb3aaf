import type { WalletDescriptor } from '../../src/exports/walletconnect.js'

/**
 * The sandbox wallet as a host describes a wallet the registry does not know:
 * `walletConnectDeepLink({ wallet: sandboxWalletDescriptor })` opens it by
 * these links (its own app scheme is allowed because the host named it).
 */
export const sandboxWalletDescriptor = {
  id: 'sandbox',
  name: 'Sandbox Wallet',
  walletConnect: {
    native: 'sandboxwallet://',
    universal: 'https://wallet.sandbox.localhost/app',
  },
} as const satisfies WalletDescriptor
