import { createConfig, http } from 'wagmi'
import { base, mainnet } from 'wagmi/chains'
import { passkeyWallet } from 'wagmi-connector-pack/passkey'

export const config = createConfig({
  chains: [mainnet, base],
  connectors: [
    passkeyWallet({
      organizationId: '<parent org>',
      session: { profileId: '<session profile>' },
      authProxy: { configId: '<Auth Proxy config>' }, // url: 'https://authproxy.turnkey.com' by default
    }),
  ],
  transports: { [mainnet.id]: http(), [base.id]: http() },
})
