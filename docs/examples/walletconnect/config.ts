import { createConfig, http } from 'wagmi'
import { base, mainnet } from 'wagmi/chains'
import { walletConnectDeepLink } from 'wagmi-connector-pack/walletconnect'

export const config = createConfig({
  chains: [mainnet, base],
  connectors: [
    walletConnectDeepLink({
      projectId: '<project id>', // your WalletConnect Cloud project id
      // wallet: trust (its descriptor: import { trust } from here) for its links, or a descriptor of your own; otherwise the session's redirect metadata
      // deepLink: 'native' (default) | 'universal'; switching: 'app' (default) | 'wallet'; relayUrl; metadata
      // verify, telemetry: WalletConnect's outside services (below)
    }),
  ],
  transports: { [mainnet.id]: http(), [base.id]: http() },
})
