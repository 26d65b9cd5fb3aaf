import { createConfig, http, useConnect, useConnectors } from 'wagmi'
import { base, mainnet } from 'wagmi/chains'
import {
  type PasskeyWalletConnector,
  passkeyWallet,
} from 'wagmi-connector-pack/passkey'
import { socialLogin } from 'wagmi-connector-pack/social-login'
import { post } from '../backend/calls'

export const config = createConfig({
  chains: [mainnet, base],
  connectors: [
    passkeyWallet({
      organizationId: '<parent org>',
      // A log-in with a provider signs with a session key: it needs a session profile.
      session: { profileId: '<session profile>' },
      createAccount: post('/api/create-account'),
      oidc: socialLogin({
        providers: [
          {
            id: 'google',
            clientId: '<web client id>.apps.googleusercontent.com',
          },
          { id: 'apple', clientId: '<Services ID, e.g. com.example.web>' },
        ],
        // Your backend's route checks the ID token and logs the session key in;
        // without it, `authProxy: { configId }` beside `oidc` does.
        logIn: post('/api/oidc-login'),
        // redirectUri: 'https://app.example/', // registered at each provider; the origin's root by default
      }),
    }),
  ],
  transports: { [mainnet.id]: http(), [base.id]: http() },
})

/** "Continue with Google" and "Continue with Apple", beside the passkey buttons. */
export function ContinueWith() {
  const { connect, error, isPending } = useConnect()
  const passkey = useConnectors().find(({ id }) => id === 'passkeyWallet') as
    | PasskeyWalletConnector
    | undefined
  if (!passkey) return null
  return (
    <>
      {(['google', 'apple'] as const).map((provider) => (
        <button
          key={provider}
          type="button"
          disabled={isPending}
          onClick={() => connect({ connector: passkey, oidc: { provider } })}
        >
          Continue with {provider === 'google' ? 'Google' : 'Apple'}
        </button>
      ))}
      {error && <p role="alert">{error.message}</p>}
    </>
  )
}
