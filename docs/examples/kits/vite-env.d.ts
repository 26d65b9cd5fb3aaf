/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_TURNKEY_ORGANIZATION_ID: string
  readonly VITE_TURNKEY_SESSION_PROFILE_ID?: string
  readonly VITE_TURNKEY_API_BASE_URL?: string
  readonly VITE_AUTH_PROXY_URL?: string
  readonly VITE_AUTH_PROXY_CONFIG_ID: string
  readonly VITE_WALLETCONNECT_PROJECT_ID: string
  readonly VITE_WALLETCONNECT_RELAY_URL?: string
  readonly VITE_RPC_URL_1?: string
  readonly VITE_RPC_URL_8453?: string
}
