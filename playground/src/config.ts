import {
  authProxyConfigId,
  authProxyUrl,
  exportFrameUrl,
  identityProvider,
  parentOrganizationId,
  relayUrl,
  rpcUrls,
  sessionProfileId,
  vendorUrl,
} from 'virtual:sandbox'
import { http } from 'viem'
import { createConfig } from 'wagmi'
import { mock } from 'wagmi/connectors'
import {
  coinbase,
  injectedWallet,
  injectedWallets,
  metamask,
  phantom,
  rabby,
} from 'wagmi-connector-pack/injected'
import { passkeyWallet } from 'wagmi-connector-pack/passkey'
import { socialLogin } from 'wagmi-connector-pack/social-login'
import { walletConnectDeepLink } from 'wagmi-connector-pack/walletconnect'
import { sandboxChains } from '../../sandbox/chains.js'
import { devAccount } from '../../sandbox/devAccounts.js'
import { sandboxWalletDescriptor } from '../../sandbox/wallet/sandboxWalletDescriptor.js'
import { backend } from './backend.js'

const [ethereum, base] = sandboxChains(rpcUrls)
const query = new URLSearchParams(location.search)

/**
 * `?backend=proxy`: the passkey wallet with no backend at all, through the
 * vendor's Auth Proxy (the sandbox's emulator); otherwise the dev server
 * plays the host backend (playground/hostBackend.ts).
 */
export const passkeyBackend: 'host' | 'proxy' =
  query.get('backend') === 'proxy' ? 'proxy' : 'host'

/** The wallets the host gives a button of their own; the rest come as announced. */
const dedicated = [metamask, coinbase, phantom, rabby]

/** The ids of the wallets the host gives a button of their own. */
export const dedicatedWallets: readonly string[] = dedicated.map(
  (wallet) => wallet.id,
)

/** The host app's wagmi config, on the sandbox chains. */
export const config = createConfig({
  chains: [ethereum, base],
  connectors: [
    passkeyWallet({
      organizationId: parentOrganizationId,
      apiBaseUrl: vendorUrl,
      rpName: 'wagmi-connector-pack playground',
      // `?session=off` asks for the passkey at every signature. The session
      // key signs under the sandbox's signing profile: anything else asks the passkey.
      session:
        query.get('session') === 'off'
          ? false
          : { profileId: sessionProfileId },
      // "Continue with Google" and "with Apple": the presets, on the sandbox's identity provider.
      oidc: socialLogin({
        providers: [
          {
            id: 'google',
            clientId: identityProvider.clientIds.google,
            issuer: identityProvider.issuer,
          },
          {
            id: 'apple',
            clientId: identityProvider.clientIds.apple,
            issuer: identityProvider.issuer,
          },
        ],
        // Back to this very page, its query (the backend's choice) included:
        // the sandbox's provider takes any page on localhost. A production
        // app registers one page at each provider.
        redirectUri: `${location.origin}${location.pathname}${location.search}`,
        // Without a backend, the Auth Proxy logs in.
        ...(passkeyBackend === 'host' && {
          logIn: (request, options) =>
            backend('/api/oidc-login', request, options),
        }),
      }),
      // The app's Gas Station pays on Base; on Ethereum the user pays.
      sponsorship: { chainIds: [base.id] },
      ...(passkeyBackend === 'proxy'
        ? // No backend: sign-up and email-code recovery go to the Auth Proxy.
          { authProxy: { url: authProxyUrl, configId: authProxyConfigId } }
        : {
            // Host backend calls; the dev server plays the backend (playground/hostBackend.ts).
            createAccount: (request, options) =>
              backend('/api/create-account', request, options),
            // A sign-up keeps an email only once its owner typed the code sent to it.
            emailCode: {
              send: (request, options) =>
                backend('/api/send-email-code', request, options),
              verify: (request, options) =>
                backend('/api/verify-email-code', request, options),
            },
            recovery: {
              start: (request, options) =>
                backend('/api/start-recovery', request, options),
              // The sandbox's frame: the recovery code's key lives there, never in this page.
              frameUrl: exportFrameUrl,
            },
          }),
      exportFrameUrl,
    }),
    walletConnectDeepLink({
      projectId: '00000000000000000000000000000000',
      relayUrl,
      metadata: {
        name: 'wagmi-connector-pack playground',
        description: 'The pack in a host app, on the sandbox',
        url: location.origin,
        icons: [],
      },
      // The sandbox wallet's links; `?deepLink=universal` prefers its https link.
      wallet: sandboxWalletDescriptor,
      deepLink: query.get('deepLink') === 'universal' ? 'universal' : 'native',
    }),
    ...dedicated.map((wallet) => injectedWallet({ wallet })),
    // Every other wallet the browser announces (the dedicated ones left out).
    ...injectedWallets({ exclude: dedicatedWallets }),
    // Anvil's dev account 0, signed by anvil: the quickest way to try the hooks.
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
