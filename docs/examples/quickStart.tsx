import { createConfig, http, useAccount } from 'wagmi'
import { base, mainnet } from 'wagmi/chains'
import {
  injectedWallet,
  injectedWallets,
  metamask,
} from 'wagmi-connector-pack/injected'
import { passkeyWallet } from 'wagmi-connector-pack/passkey'
import { ExportPanel, RecoveryPanel } from 'wagmi-connector-pack/react'
import { walletConnectDeepLink } from 'wagmi-connector-pack/walletconnect'
import { createAccount, recovery } from './backend/calls'
export const config = createConfig({
  chains: [mainnet, base],
  connectors: [
    passkeyWallet({
      organizationId: '<parent org>',
      session: { profileId: '<session profile>' }, // what a session key signs alone
      createAccount, // calls to your backend
      recovery,
    }),
    walletConnectDeepLink({ projectId: '<project id>', deepLink: 'native' }),
    injectedWallet({ wallet: metamask }), // each wallet's descriptor is imported by name
    ...injectedWallets(), // one connector per announced wallet
  ],
  transports: { [mainnet.id]: http(), [base.id]: http() },
})
// Under <WagmiProvider config={config}>:
export const Wallet = () =>
  useAccount().isConnected ? <ExportPanel /> : <RecoveryPanel />
