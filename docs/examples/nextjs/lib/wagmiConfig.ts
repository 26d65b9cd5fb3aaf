// lib/wagmiConfig.ts: wagmi's SSR pattern; the same config on the server and in the browser.
import { type Chain, http } from 'viem'
import { base, mainnet } from 'viem/chains'
import { cookieStorage, createConfig, createStorage } from 'wagmi'
import { passkeyWallet } from 'wagmi-connector-pack/passkey'
import { walletConnectDeepLink } from 'wagmi-connector-pack/walletconnect'

export type WalletSettings = {
  organizationId: string
  sessionProfileId?: string | undefined
  walletConnectProjectId: string
  apiBaseUrl?: string | undefined
  exportFrameUrl?: string | undefined
  recoveryFrameUrl?: string | undefined
  relayUrl?: string | undefined
  rpcUrls: Record<1 | 8453, string | undefined>
}

// The host's routes (app/api); the pack reads the Response.
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

// A chain whose RPC is not the public one has none of its public contracts (a local anvil).
const onRpc = <chain extends Chain>(chain: chain, url: string | undefined) => {
  if (!url) return chain
  const { contracts: _, ...withoutContracts } = chain
  return withoutContracts
}

export function getConfig(settings: WalletSettings) {
  return createConfig({
    chains: [
      onRpc(mainnet, settings.rpcUrls[1]),
      onRpc(base, settings.rpcUrls[8453]),
    ],
    // Announced browser wallets join after mount (useInjectedWallets in app/providers.tsx).
    connectors: [
      passkeyWallet({
        organizationId: settings.organizationId,
        apiBaseUrl: settings.apiBaseUrl,
        exportFrameUrl: settings.exportFrameUrl,
        // A session key signs, within the profile's scope, without a prompt.
        session: { profileId: settings.sessionProfileId },
        createAccount: post('/api/create-account'),
        emailCode: {
          send: post('/api/send-email-code'),
          verify: post('/api/verify-email-code'),
        },
        recovery: {
          start: post('/api/start-recovery'),
          frameUrl: settings.recoveryFrameUrl,
        },
      }),
      walletConnectDeepLink({
        projectId: settings.walletConnectProjectId,
        relayUrl: settings.relayUrl,
      }),
    ],
    ssr: true,
    storage: createStorage({ storage: cookieStorage }),
    transports: {
      [mainnet.id]: http(settings.rpcUrls[1]),
      [base.id]: http(settings.rpcUrls[8453]),
    },
  })
}
