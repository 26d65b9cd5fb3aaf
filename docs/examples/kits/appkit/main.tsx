// main.tsx: wagmi and React Query around the app, with AppKit's adapter's config.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { WagmiProvider } from 'wagmi'
import { App } from '../App'
import { wagmiAdapter } from './appKit'

const queryClient = new QueryClient()

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <WagmiProvider config={wagmiAdapter.wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <App connectButton={<appkit-button />} />
      </QueryClientProvider>
    </WagmiProvider>
  </StrictMode>,
)
