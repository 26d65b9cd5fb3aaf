// appKit.ts: the pack's connectors in AppKit's wagmi adapter (wagmi 3 here; the adapter takes 2 as well).

import { createAppKit } from '@reown/appkit/react'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { http } from 'viem'
import { base, mainnet } from 'viem/chains'
import { injectedWallet, metamask } from 'wagmi-connector-pack/injected'
import { passkeyWallet } from 'wagmi-connector-pack/passkey'
import { chains } from '../chains'
import { metamaskIcon, passkeyIcon } from '../icons'
import { settings } from '../settings'
import { withIcon } from './withIcon'

const networks = chains

export const wagmiAdapter = new WagmiAdapter({
  networks,
  projectId: settings.walletConnectProjectId,
  // AppKit's own WalletConnect stays: its modal draws a QR code for no other connector.
  connectors: [
    withIcon(
      passkeyWallet({
        organizationId: settings.organizationId,
        apiBaseUrl: settings.apiBaseUrl,
        session: { profileId: settings.sessionProfileId },
        // No backend: sign-up goes to the vendor's Auth Proxy.
        authProxy: {
          configId: settings.authProxyConfigId,
          url: settings.authProxyUrl,
        },
      }),
      passkeyIcon.iconUrl,
    ),
    withIcon(injectedWallet({ wallet: metamask }), metamaskIcon.iconUrl),
  ],
  transports: {
    [mainnet.id]: http(settings.rpcUrls[1]),
    [base.id]: http(settings.rpcUrls[8453]),
  },
})

createAppKit({
  adapters: [wagmiAdapter],
  networks,
  projectId: settings.walletConnectProjectId,
  metadata: {
    name: 'AppKit example',
    description: 'The pack in AppKit',
    url: location.origin,
    icons: [],
  },
  features: { analytics: false, email: false, socials: false },
})
