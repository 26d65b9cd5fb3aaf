// wagmiConfig.ts in development: each '<…>' is a line of `npm run sandbox -- --origin <this page's origin>`.
import { type Chain, http } from 'viem'
import { base, mainnet } from 'viem/chains'
import { createConfig } from 'wagmi'
import { injectedWallets } from 'wagmi-connector-pack/injected'
import { passkeyWallet } from 'wagmi-connector-pack/passkey'
import { walletConnectDeepLink } from 'wagmi-connector-pack/walletconnect'

// A fresh anvil has no Multicall3 or ENS contracts: wagmi gets the chains without them.
const withoutContracts = <chain extends Chain>({
  contracts: _,
  ...chain
}: chain) => chain

// Your backend's routes (passkeyBackend.ts below); the pack reads the Response.
// `signal` aborts at passkeyWallet's deadline (backendTimeoutMs): the request is cancelled.
const post =
  (path: string) =>
  (request: unknown, { signal }: { signal: AbortSignal }) =>
    fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
      signal,
    })

export const config = createConfig({
  chains: [withoutContracts(mainnet), withoutContracts(base)],
  connectors: [
    passkeyWallet({
      organizationId: '<parent org>',
      apiBaseUrl: '<vendor API>',
      exportFrameUrl: '<export frame>',
      createAccount: post('/api/create-account'),
      emailCode: {
        send: post('/api/send-email-code'),
        verify: post('/api/verify-email-code'),
      },
      // Without frameUrl, recovery goes to the vendor's hosted frame, which the sandbox is not.
      recovery: {
        start: post('/api/start-recovery'),
        frameUrl: '<recovery frame>',
      },
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
