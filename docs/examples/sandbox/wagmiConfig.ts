// wagmiConfig.ts in development: each '<…>' is a line of `npm run sandbox -- --origin <this page's origin>`.
import { type Chain, http } from 'viem'
import { base, mainnet } from 'viem/chains'
import { createConfig } from 'wagmi'
import { injectedWallets } from 'wagmi-connector-pack/injected'
import { passkeyWallet } from 'wagmi-connector-pack/passkey'
import { walletConnectDeepLink } from 'wagmi-connector-pack/walletconnect'
import { createAccount, emailCode, recovery } from '../backend/calls'

// A fresh anvil has no Multicall3 or ENS contracts: wagmi gets the chains without them.
const withoutContracts = <chain extends Chain>({
  contracts: _,
  ...chain
}: chain) => chain

export const config = createConfig({
  chains: [withoutContracts(mainnet), withoutContracts(base)],
  connectors: [
    passkeyWallet({
      organizationId: '<parent org>',
      apiBaseUrl: '<vendor API>',
      exportFrameUrl: '<export frame>',
      // The sandbox's signing profile: the session key signs, and asks the passkey for the rest.
      session: { profileId: '<session profile>' },
      // Your backend's routes (backend/calls.ts), answered by passkeyBackend.ts below.
      createAccount,
      emailCode,
      // Without frameUrl, recovery goes to the vendor's hosted frame, which the sandbox is not.
      recovery: { ...recovery, frameUrl: '<recovery frame>' },
    }),
    // Any project id: the sandbox relay takes every one.
    walletConnectDeepLink({
      projectId: '00000000000000000000000000000000',
      relayUrl: '<WalletConnect relay>',
    }),
    ...injectedWallets(),
  ],
  transports: {
    [mainnet.id]: http('<chain 1>'),
    [base.id]: http('<chain 8453>'),
  },
})
