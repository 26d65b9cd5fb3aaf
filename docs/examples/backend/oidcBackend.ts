import { createPasskeyBackend } from 'wagmi-connector-pack/server'

export const passkeyBackend = createPasskeyBackend({
  organizationId: process.env.TURNKEY_ORGANIZATION_ID!,
  apiPublicKey: process.env.TURNKEY_API_PUBLIC_KEY!,
  apiPrivateKey: process.env.TURNKEY_API_PRIVATE_KEY!,
  appName: 'Example',
  oidc: {
    providers: [
      {
        issuer: 'https://accounts.google.com',
        clientId: process.env.GOOGLE_CLIENT_ID!,
      },
      {
        issuer: 'https://appleid.apple.com',
        clientId: process.env.APPLE_SERVICES_ID!,
      },
    ],
    // The profile that bounds every session key an ID token logs in (ensureSessionProfile answers it).
    sessionProfileId: process.env.TURNKEY_SESSION_PROFILE_ID!,
  },
})
// passkeyBackend.oidcLogIn(request) → POST /api/oidc-login
