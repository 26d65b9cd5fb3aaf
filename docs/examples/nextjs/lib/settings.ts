// lib/settings.ts: what the browser needs, read from the environment on each request (not at build).
import type { WalletSettings } from './wagmiConfig'

export function walletSettings(): WalletSettings {
  const env = process.env
  return {
    organizationId: env.TURNKEY_ORGANIZATION_ID ?? '',
    // The session profile made once at setup (docs/passkey.md#session-profiles); unset: the passkey signs each request.
    sessionProfileId: env.TURNKEY_SESSION_PROFILE_ID || undefined,
    walletConnectProjectId: env.WALLETCONNECT_PROJECT_ID ?? '',
    // Unset in production: the vendor's API and frames, WalletConnect's relay, the chains' public RPC.
    apiBaseUrl: env.TURNKEY_API_BASE_URL,
    exportFrameUrl: env.TURNKEY_EXPORT_FRAME_URL,
    recoveryFrameUrl: env.TURNKEY_RECOVERY_FRAME_URL,
    relayUrl: env.WALLETCONNECT_RELAY_URL,
    rpcUrls: { 1: env.RPC_URL_1, 8453: env.RPC_URL_8453 },
  }
}
