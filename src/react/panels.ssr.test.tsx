import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { http } from 'viem'
import { mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { createConfig, WagmiProvider } from 'wagmi'
import { passkeyWallet } from '../passkey/passkeyWallet.js'
import { ExportPanel } from './ExportPanel.js'
import { RecoveryPanel } from './RecoveryPanel.js'

describe('panels under server rendering', () => {
  it('render without a window and load nothing until mounted', () => {
    expect(typeof window).toBe('undefined')
    const config = createConfig({
      chains: [mainnet],
      connectors: [
        passkeyWallet({
          organizationId: '00000000-0000-4000-8000-000000000000',
          createAccount: async () => ({ subOrganizationId: '' }),
          recovery: {
            start: async () => ({ accepted: true }),
          },
        }),
      ],
      transports: { [mainnet.id]: http('http://127.0.0.1:1') },
      ssr: true,
    })
    // `as never`: the playground registers its own config type for wagmi's hooks.
    const html = renderToString(
      <WagmiProvider config={config as never}>
        <QueryClientProvider client={new QueryClient()}>
          <RecoveryPanel />
          <ExportPanel />
        </QueryClientProvider>
      </WagmiProvider>,
    )
    // Each panel: its box, title, "Loading…" and an empty alert line, until mounted.
    expect(html).toContain('Recover your wallet')
    expect(html).toContain('Export your wallet')
    expect(html.match(/role="status">Loading…</g)).toHaveLength(2)
    expect(html.match(/role="alert"><\/p>/g)).toHaveLength(2)
    expect(html.match(/aria-busy="true"/g)).toHaveLength(2)
    expect(html).toContain('.wcp-panel { font-family')
  })
})
