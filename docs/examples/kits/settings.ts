// settings.ts: what this app is given at build time (Vite's `VITE_*` variables, e.g. in .env).
const env = import.meta.env

export const settings = {
  organizationId: env.VITE_TURNKEY_ORGANIZATION_ID,
  // The session profile made once at setup; unset: the passkey signs each request.
  sessionProfileId: env.VITE_TURNKEY_SESSION_PROFILE_ID || undefined,
  // The vendor's API and its Auth Proxy: their public addresses unless set (the sandbox prints its own).
  apiBaseUrl: env.VITE_TURNKEY_API_BASE_URL,
  authProxyUrl: env.VITE_AUTH_PROXY_URL,
  authProxyConfigId: env.VITE_AUTH_PROXY_CONFIG_ID,
  walletConnectProjectId: env.VITE_WALLETCONNECT_PROJECT_ID,
  relayUrl: env.VITE_WALLETCONNECT_RELAY_URL,
  rpcUrls: { 1: env.VITE_RPC_URL_1, 8453: env.VITE_RPC_URL_8453 },
}
