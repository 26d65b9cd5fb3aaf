// wagmiConfig.ts: RainbowKit's wallet list, made of the pack's connectors, in a wagmi 2 config.
import { connectorsForWallets } from '@rainbow-me/rainbowkit'
import { type Chain, http } from 'viem'
import { base, mainnet } from 'viem/chains'
import { createConfig } from 'wagmi'
import { metamask } from 'wagmi-connector-pack/injected'
import { metamaskIcon, passkeyIcon, walletConnectIcon } from '../icons'
import { settings } from '../settings'
import {
  injectedRainbowKitWallet,
  passkeyRainbowKitWallet,
  walletConnectRainbowKitWallet,
} from './wallets'

// A chain whose RPC is not the public one has none of its public contracts (a local anvil).
const onRpc = <chain extends Chain>(chain: chain, url: string | undefined) => {
  if (!url) return chain
  const { contracts: _, ...withoutContracts } = chain
  return withoutContracts
}

const connectors = connectorsForWallets(
  [
    {
      groupName: 'Recommended',
      wallets: [
        passkeyRainbowKitWallet(
          {
            organizationId: settings.organizationId,
            apiBaseUrl: settings.apiBaseUrl,
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
  chains: [
    onRpc(mainnet, settings.rpcUrls[1]),
    onRpc(base, settings.rpcUrls[8453]),
  ],
  connectors,
  transports: {
    [mainnet.id]: http(settings.rpcUrls[1]),
    [base.id]: http(settings.rpcUrls[8453]),
  },
})
