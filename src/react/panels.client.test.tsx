// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, version } from 'react'
import { createRoot } from 'react-dom/client'
import { http } from 'viem'
import { mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { createConfig, WagmiProvider } from 'wagmi'
import { passkeyWallet } from '../passkey/passkeyWallet.js'
import { ExportPanel } from './ExportPanel.js'
import { RecoveryPanel } from './RecoveryPanel.js'

// Tells React that this test drives it through act().
;(
  globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
).IS_REACT_ACT_ENVIRONMENT = true

function configWith(recovery: boolean) {
  return createConfig({
    chains: [mainnet],
    connectors: [
      passkeyWallet({
        organizationId: '00000000-0000-4000-8000-000000000000',
        createAccount: async () => ({ subOrganizationId: '' }),
        recovery: recovery
          ? {
              start: async () => ({ accepted: true }),
            }
          : undefined,
      }),
    ],
    transports: { [mainnet.id]: http('http://127.0.0.1:1') },
  })
}

async function mount(recovery: boolean) {
  const element = document.createElement('div')
  document.body.append(element)
  const root = createRoot(element)
  await act(async () =>
    root.render(
      <WagmiProvider config={configWith(recovery) as never}>
        <QueryClientProvider client={new QueryClient()}>
          <RecoveryPanel defaultEmail="ada@example.com" />
          <ExportPanel />
        </QueryClientProvider>
      </WagmiProvider>,
    ),
  )
  return { element, unmount: () => act(async () => root.unmount()) }
}

/**
 * Lets React render until `check` holds, for up to 60 s: the first mount
 * imports the panel's body and flow, which took over 15 s beside npm test's
 * other runners (a fresh-clone run of f7ca0e8).
 */
async function waitFor(check: () => boolean) {
  const giveUpAt = Date.now() + 60_000
  while (!check() && Date.now() < giveUpAt)
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
  return check()
}

describe(`panels in the browser (React ${version.split('.')[0]})`, () => {
  it('the recovery panel loads its flow and asks for the email, labelled', async () => {
    const { element, unmount } = await mount(true)
    expect(
      await waitFor(() =>
        element.textContent!.includes('Enter the email of your account'),
      ),
    ).toBe(true)
    expect(
      await waitFor(() =>
        element.textContent!.includes(
          'Connect your passkey wallet to export its keys.',
        ),
      ),
    ).toBe(true)
    // Loaded: neither panel is busy any more, and the steps' styles came with them.
    expect(element.querySelector('[aria-busy="true"]')).toBeNull()
    expect(element.querySelector('style')?.textContent).toContain(
      '.wcp-panel button',
    )
    const email = element.querySelector<HTMLInputElement>('input[type=email]')!
    expect(email.value).toBe('ada@example.com')
    expect(element.querySelector(`label[for="${email.id}"]`)?.textContent).toBe(
      'Email',
    )
    expect(element.querySelectorAll('input[type=radio]')).toHaveLength(2)
    await unmount()
  })

  it('loading its flow does not take the focus from what the user is typing elsewhere', async () => {
    const elsewhere = document.createElement('input')
    document.body.append(elsewhere)
    elsewhere.focus()
    const { element, unmount } = await mount(true)
    expect(
      await waitFor(() =>
        element.textContent!.includes('Enter the email of your account'),
      ),
    ).toBe(true)
    expect(document.activeElement).toBe(elsewhere)
    await unmount()
    elsewhere.remove()
  })

  it('without recovery configured, the panel says so in plain words', async () => {
    const { element, unmount } = await mount(false)
    expect(
      await waitFor(() =>
        element.textContent!.includes(
          'Account recovery is not available here.',
        ),
      ),
    ).toBe(true)
    expect(element.querySelector('[role=alert]')?.textContent).toBe(
      'Account recovery is not available here.',
    )
    await unmount()
  })
})
