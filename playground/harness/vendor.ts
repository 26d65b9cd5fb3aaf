import { parentOrganizationId, vendorUrl } from 'virtual:sandbox'
import { Turnkey } from '@turnkey/sdk-browser'

const turnkey = new Turnkey({
  apiBaseUrl: vendorUrl,
  defaultOrganizationId: parentOrganizationId,
  rpId: location.hostname,
})
const passkeyClient = turnkey.passkeyClient()

/** What e2e tests call in the page: passkey ceremonies through the vendor's browser SDK. */
const harness = {
  /** A new passkey, in the vendor's `AuthParams` shape for the host backend's sign-up call. */
  async createPasskey(userName: string) {
    const { encodedChallenge, attestation } =
      await passkeyClient.createUserPasskey({
        publicKey: {
          rp: { name: 'Playground' },
          user: { name: userName, displayName: userName },
        },
      })
    return {
      authenticatorName: 'Passkey',
      challenge: encodedChallenge,
      attestation,
    }
  },
  whoami: () =>
    passkeyClient.getWhoami({ organizationId: parentOrganizationId }),
  signDigest: (organizationId: string, signWith: string, digest: string) =>
    passkeyClient.signRawPayload({
      organizationId,
      signWith,
      payload: digest,
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
    }),
}

declare global {
  interface Window {
    vendorHarness: typeof harness
  }
}
window.vendorHarness = harness
