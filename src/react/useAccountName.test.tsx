// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { type Address, http } from 'viem'
import { mainnet } from 'viem/chains'
import { expect, it } from 'vitest'
import { createConfig, WagmiProvider } from 'wagmi'
import {
  accountNameQuery,
  useAccountName,
  usePanelAccountName,
} from './useAccountName.js'

;(
  globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
).IS_REACT_ACT_ENVIRONMENT = true

const address: Address = '0x0000000000000000000000000000000000000001'

function Names() {
  const panel = usePanelAccountName(address)
  const { data: hook } = useAccountName({ address })
  return (
    <p>
      {String(panel)} {String(hook)}
    </p>
  )
}

it("the panels' name and useAccountName's are one cache entry, the lookup loaded only when it is not there", async () => {
  const config = createConfig({
    chains: [mainnet],
    transports: { [mainnet.id]: http('http://127.0.0.1:1') },
  })
  const queryClient = new QueryClient()
  queryClient.setQueryData(
    accountNameQuery(config, { address }).queryKey,
    'ada.base.eth',
  )
  const element = document.createElement('div')
  const root = createRoot(element)
  await act(async () =>
    root.render(
      <WagmiProvider config={config as never}>
        <QueryClientProvider client={queryClient}>
          <Names />
        </QueryClientProvider>
      </WagmiProvider>,
    ),
  )
  expect(element.textContent).toBe('ada.base.eth ada.base.eth')
  await act(async () => root.unmount())
})

it('without an address there is no lookup and no name', async () => {
  const config = createConfig({
    chains: [mainnet],
    transports: { [mainnet.id]: http('http://127.0.0.1:1') },
  })
  expect(await accountNameQuery(config, {}).queryFn()).toBeNull()
})
