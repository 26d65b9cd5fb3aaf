// @vitest-environment happy-dom
import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { http } from 'viem'
import { mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  type CreateConnectorFn,
  createConfig,
  createStorage,
  noopStorage,
  useConnectors,
  WagmiProvider,
} from 'wagmi'
import type { InjectedProvider } from '../injected/injectedParameters.js'

// The announced wallets are kept for the page's lifetime: this file's page
// starts with none, whatever another test file loaded before it.
let injectedWallets: typeof import('../injected/injectedWallets.js').injectedWallets
let useInjectedWallets: typeof import('./useInjectedWallets.js').useInjectedWallets
beforeAll(async () => {
  vi.resetModules()
  ;({ injectedWallets } = await import('../injected/injectedWallets.js'))
  ;({ useInjectedWallets } = await import('./useInjectedWallets.js'))
})

// Tells React that this test drives it through act().
;(
  globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
).IS_REACT_ACT_ENVIRONMENT = true

const account = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
// A wallet that has this site connected already.
const provider: InjectedProvider = {
  async request({ method }) {
    if (method === 'eth_accounts' || method === 'eth_requestAccounts')
      return [account]
    if (method === 'eth_chainId') return '0x1'
    throw Object.assign(new Error(`${method} is not supported`), {
      code: 4200,
    })
  },
  on() {},
  removeListener() {},
}

// A browser wallet in the page, as an extension injects it before the app loads.
const announce = () =>
  window.dispatchEvent(
    new CustomEvent('eip6963:announceProvider', {
      detail: Object.freeze({
        info: {
          uuid: '6d0b2f47-8d3c-4b1e-9a4f-2c7e5b8a9d10',
          name: 'Alpha Wallet',
          icon: 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>',
          rdns: 'com.example.alpha',
        },
        provider,
      }),
    }),
  )
window.addEventListener('eip6963:requestProvider', announce)
// The worker's next happy-dom file shares this window: the wallet leaves with the file.
afterAll(() => window.removeEventListener('eip6963:requestProvider', announce))

function serverRendered(
  connectors: CreateConnectorFn[],
  storage = createStorage({ storage: noopStorage }),
) {
  return createConfig({
    chains: [mainnet],
    connectors,
    ssr: true,
    storage,
    transports: { [mainnet.id]: http('http://127.0.0.1:1') },
  })
}

function WalletList() {
  return (
    <ul>
      {useConnectors().map((connector) => (
        <li key={connector.uid}>{connector.name}</li>
      ))}
    </ul>
  )
}

function WalletListAddingAfterMount() {
  useInjectedWallets()
  return <WalletList />
}

/** The server's HTML (no window: no announced wallet), hydrated with `config`. */
async function hydrateWith(
  config: ReturnType<typeof serverRendered>,
  Page: () => React.JSX.Element,
  // wagmi reconnects one config at a time: only the test about it asks.
  { reconnectOnMount = false } = {},
) {
  const element = document.createElement('div')
  element.innerHTML = renderToString(
    <WagmiProvider config={serverRendered([]) as never}>
      <Page />
    </WagmiProvider>,
  )
  document.body.append(element)
  const hydrationErrors: unknown[] = []
  await act(async () => {
    hydrateRoot(
      element,
      <WagmiProvider
        config={config as never}
        reconnectOnMount={reconnectOnMount}
      >
        <Page />
      </WagmiProvider>,
      {
        onRecoverableError: (error) => hydrationErrors.push(error),
      },
    )
  })
  return { hydrationErrors, listed: element.textContent }
}

describe('announced wallets in a server-rendered app', () => {
  it('useInjectedWallets: hydration matches the server, and the wallet joins after mount', async () => {
    const { hydrationErrors, listed } = await hydrateWith(
      serverRendered([]),
      WalletListAddingAfterMount,
    )
    expect(hydrationErrors).toEqual([])
    expect(listed).toBe('Alpha Wallet')
  })

  it('a visitor connected through the announced wallet is reconnected through it on reload', async () => {
    const memory = new Map([['wagmi.recentConnectorId', '"com.example.alpha"']])
    const storage = createStorage({
      storage: {
        getItem: (key) => memory.get(key) ?? null,
        setItem: (key, value) => void memory.set(key, value),
        removeItem: (key) => void memory.delete(key),
      },
    })
    const config = serverRendered([], storage)
    await hydrateWith(config, WalletListAddingAfterMount, {
      reconnectOnMount: true,
    })
    await expect.poll(() => config.state.status).toBe('connected')
    const { connector, accounts } = config.state.connections.get(
      config.state.current!,
    )!
    expect([connector.type, connector.name, accounts]).toEqual([
      'injectedWallet',
      'Alpha Wallet',
      [account],
    ])
  })

  it('...injectedWallets() in the config is what the server did not render: a hydration error', async () => {
    const { hydrationErrors } = await hydrateWith(
      serverRendered(injectedWallets()),
      WalletList,
    )
    expect(hydrationErrors).toHaveLength(1)
  })
})
