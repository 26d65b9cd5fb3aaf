import { parentOrganizationId, rpcUrls, vendorUrl } from 'virtual:sandbox'
import { http } from 'viem'
import { createConfig } from 'wagmi'
import { mock } from 'wagmi/connectors'
import { passkeyWallet } from 'wagmi-connector-pack/passkey'
import { sandboxChains } from '../../sandbox/chains.js'
import { devAccount } from '../../sandbox/devAccounts.js'

const [ethereum, base] = sandboxChains(rpcUrls)

/** The host app's wagmi config, on the sandbox chains. */
export const config = createConfig({
  chains: [ethereum, base],
  connectors: [
    passkeyWallet({
      organizationId: parentOrganizationId,
      apiBaseUrl: vendorUrl,
      rpName: 'wagmi-connector-pack playground',
      // `?session=off` asks for the passkey at every signature.
      session:
        new URLSearchParams(location.search).get('session') === 'off'
          ? false
          : undefined,
      // The host backend call; the dev server plays the backend (playground/hostBackend.ts).
      async createAccount(request) {
        const response = await fetch('/api/create-account', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(request),
        })
        const body = await response.json()
        if (!response.ok) throw new Error(body.error ?? 'Sign-up failed')
        return body
      },
    }),
    // Stands in for the connectors still to come: anvil's dev account 0, signed by anvil.
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
