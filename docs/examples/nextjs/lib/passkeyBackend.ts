// lib/passkeyBackend.ts: imported by route handlers only, so it stays on the server.
import { createPasskeyBackend } from 'wagmi-connector-pack/server'

export const passkeyBackend = createPasskeyBackend({
  organizationId: process.env.TURNKEY_ORGANIZATION_ID!,
  apiPublicKey: process.env.TURNKEY_API_PUBLIC_KEY!,
  apiPrivateKey: process.env.TURNKEY_API_PRIVATE_KEY!,
  decoySecret: process.env.DECOY_SECRET!, // openssl rand -hex 32, kept for good
  // In development against the sandbox, its URL and its verification token key (both printed):
  // apiBaseUrl: process.env.TURNKEY_API_BASE_URL,
  // verificationTokenPublicKey: process.env.TURNKEY_VERIFICATION_TOKEN_PUBLIC_KEY,
  appName: 'Example',
})
