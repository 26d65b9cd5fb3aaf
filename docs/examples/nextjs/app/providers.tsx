// app/providers.tsx
'use client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { type State, WagmiProvider } from 'wagmi'
import { useInjectedWallets } from 'wagmi-connector-pack/react'
import { getConfig, type WalletSettings } from '../lib/wagmiConfig'

export function Providers({
  settings,
  initialState,
  children,
}: {
  settings: WalletSettings
  initialState: State | undefined
  children: ReactNode
}) {
  const [config] = useState(() => getConfig(settings))
  const [queryClient] = useState(() => new QueryClient())
  return (
    <WagmiProvider config={config} initialState={initialState}>
      <QueryClientProvider client={queryClient}>
        <InjectedWallets />
        {children}
      </QueryClientProvider>
    </WagmiProvider>
  )
}

// The browser's EIP-6963 wallets, added after mount: the server cannot know them.
function InjectedWallets() {
  useInjectedWallets()
  return null
}
