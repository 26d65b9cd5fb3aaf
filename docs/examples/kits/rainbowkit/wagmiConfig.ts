// wagmiConfig.ts: RainbowKit's wallet list, made of the pack's connectors, in a wagmi 2 config.
import { connectorsForWallets } from '@rainbow-me/rainbowkit'
import { http } from 'viem'
import { base, mainnet } from 'viem/chains'
import { createConfig } from 'wagmi'
import { metamask } from 'wagmi-connector-pack/injected'
import { chains } from '../chains'
import { metamaskIcon, passkeyIcon, walletConnectIcon } from '../icons'
import { settings } from '../settings'
import {
  injectedRainbowKitWallet,
  passkeyRainbowKitWallet,
  walletConnectRainbowKitWallet,
} from './wallets'

const connectors = connectorsForWallets(
  [
    {
      groupName: 'Recommended',
      wallets: [
        passkeyRainbowKitWallet(
          {
            organizationId: settings.organizationId,
            apiBaseUrl: settings.apiBaseUrl,
            session: { profileId: settings.sessionProfileId },
            // No backend: sign-up goes to the vendor's Auth Proxy.
            authProxy: {
              configId: settings.authProxyConfigId,
              url: settings.authProxyUrl,
            },
          },
          passkeyIcon,
        ),
        walletConnectRainbowKitWallet(
          {
            projectId: settings.walletConnectProjectId,
            relayUrl: settings.relayUrl,
          },
          walletConnectIcon,
        ),
        injectedRainbowKitWallet(metamask, metamaskIcon),
      ],
    },
  ],
  {
    appName: 'RainbowKit example',
    projectId: settings.walletConnectProjectId,
  },
)

export const config = createConfig({
  chains,
  connectors,
  transports: {
    [mainnet.id]: http(settings.rpcUrls[1]),
    [base.id]: http(settings.rpcUrls[8453]),
  },
})
