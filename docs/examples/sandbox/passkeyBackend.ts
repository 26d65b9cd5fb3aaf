// passkeyBackend.ts on your server, in development: the sandbox's values, as printed.
import { createPasskeyBackend } from 'wagmi-connector-pack/server'

export const passkeyBackend = createPasskeyBackend({
  organizationId: '<parent org>',
  apiPublicKey: '<parent API key public>',
  apiPrivateKey: '<parent API key private>',
  apiBaseUrl: '<vendor API>',
  // The sandbox signs email proofs with its own key (the export signer), not the vendor's.
  verificationTokenPublicKey: '<export signer>',
  appName: 'Example',
})
