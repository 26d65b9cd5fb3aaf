declare module 'virtual:sandbox' {
  import type { Address } from 'viem'
  /** JSON-RPC URLs of the sandbox chains, by chain id. */
  export const rpcUrls: Record<1 | 8453, string>
  /** The TestToken (SBX) address on each sandbox chain. */
  export const tokenAddresses: Record<1 | 8453, Address>
  /** The vendor emulator's API, for the browser's passkey-stamped calls. */
  export const vendorUrl: string
  /** The host's parent organization; its API key stays with the host backend. */
  export const parentOrganizationId: string
  /** The sandbox's signing session profile: the session key signs, sends and revokes itself, nothing else. */
  export const sessionProfileId: string
  /** The export frame built with the sandbox's signer key, on another origin. */
  export const exportFrameUrl: string
  /** The sandbox WalletConnect relay (ws://127.0.0.1:…). */
  export const relayUrl: string
  /** The Auth Proxy emulator (the vendor's https://authproxy.turnkey.com). */
  export const authProxyUrl: string
  /** The proxy config that allows the playground's origin (X-Auth-Proxy-Config-Id). */
  export const authProxyConfigId: string
  /** The sandbox's OIDC provider, and the client ids of its Google and Apple presets. */
  export const identityProvider: {
    issuer: string
    clientIds: { google: string; apple: string }
  }
}
