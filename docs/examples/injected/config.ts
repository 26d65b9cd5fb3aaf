import { createConfig, http } from 'wagmi'
import { base, mainnet } from 'wagmi/chains'
import {
  injectedWallet,
  injectedWallets,
  metamask,
  rabby,
} from 'wagmi-connector-pack/injected'

export const config = createConfig({
  chains: [mainnet, base],
  connectors: [
    injectedWallet({ wallet: metamask }),
    injectedWallet({ wallet: rabby }),
    // Every other wallet the browser announces; leave out the ones configured above.
    ...injectedWallets({ exclude: ['rabby'] }),
  ],
  transports: { [mainnet.id]: http(), [base.id]: http() },
})
