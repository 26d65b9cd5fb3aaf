import { rpcUrls } from 'virtual:sandbox'
import { http } from 'viem'
import { createConfig } from 'wagmi'
import { mock } from 'wagmi/connectors'
import { sandboxChains } from '../../sandbox/chains.js'
import { devAccount } from '../../sandbox/devAccounts.js'

const [ethereum, base] = sandboxChains(rpcUrls)

/** The host app's wagmi config, on the sandbox chains. */
export const config = createConfig({
  chains: [ethereum, base],
  connectors: [
    // Stands in until the pack's connectors land: anvil's dev account 0, signed by anvil.
    mock({ accounts: [devAccount(0).address], features: { reconnect: true } }),
  ],
  transports: {
    [ethereum.id]: http(rpcUrls[ethereum.id]),
    [base.id]: http(rpcUrls[base.id]),
  },
  pollingInterval: 250,
})

declare module 'wagmi' {
  interface Register {
    config: typeof config
  }
}
