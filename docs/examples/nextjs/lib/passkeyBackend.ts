// lib/passkeyBackend.ts: imported by route handlers only, so it stays on the server.
import { createPasskeyBackend } from 'wagmi-connector-pack/server'

export const passkeyBackend = createPasskeyBackend({
  organizationId: process.env.TURNKEY_ORGANIZATION_ID!,
  apiPublicKey: process.env.TURNKEY_API_PUBLIC_KEY!,
  apiPrivateKey: process.env.TURNKEY_API_PRIVATE_KEY!,
  // apiBaseUrl: process.env.TURNKEY_API_BASE_URL, // the sandbox's URL in development
  appName: 'Example',
})
