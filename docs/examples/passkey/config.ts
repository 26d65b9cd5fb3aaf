import { createConfig, http } from 'wagmi'
import { base, mainnet } from 'wagmi/chains'
import { passkeyWallet } from 'wagmi-connector-pack/passkey'
import { post } from '../backend/calls'

export const config = createConfig({
  chains: [mainnet, base],
  connectors: [
    passkeyWallet({
      organizationId: '<parent org>', // your organization at the vendor (Turnkey)
      // Sign-up runs on your backend, which holds the parent API key:
      // it creates the user's sub-organization with this passkey and an Ethereum wallet.
      // Its fetch Response as it is: the pack reads { subOrganizationId } and checks the status.
      // `signal` aborts at the deadline (backendTimeoutMs, 30 s): the request is cancelled, not left running.
      createAccount: (request, { signal }) =>
        fetch('/api/create-account', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(request),
          signal,
        }),
      // A sign-up keeps an email only once its owner typed the code sent to it (below).
      emailCode: {
        send: post('/api/send-email-code'),
        verify: post('/api/verify-email-code'),
      },
      // A session key, within the profile's scope, sends transactions without a prompt (below); none without it.
      session: { profileId: '<session profile>' },
      // rpId: 'example.com', rpName: 'Example', apiBaseUrl, session: { profileId, expirationSeconds: 900 } | false
    }),
  ],
  transports: { [mainnet.id]: http(), [base.id]: http() },
})
