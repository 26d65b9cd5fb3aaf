import { createPasskeyBackend } from 'wagmi-connector-pack/server'

export const passkeyBackend = createPasskeyBackend({
  organizationId: process.env.TURNKEY_ORGANIZATION_ID!, // your parent organization (a UUID)
  apiPublicKey: process.env.TURNKEY_API_PUBLIC_KEY!, // its API key: compressed P-256, 66 hex characters
  apiPrivateKey: process.env.TURNKEY_API_PRIVATE_KEY!, // 64 hex characters; server environment only
  appName: 'Example', // shown in the recovery emails
})
// passkeyBackend.sendEmailCode(request)   → POST /api/send-email-code
// passkeyBackend.verifyEmailCode(request) → POST /api/verify-email-code
// passkeyBackend.signUp(request)          → POST /api/create-account
// passkeyBackend.startRecovery(request)   → POST /api/start-recovery
// passkeyBackend.fetch(request)           → any of them, by the end of the path
