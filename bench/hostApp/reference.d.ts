// wagmi's published walletConnect, fetched by bench/fetchWagmiConnectors.ts
// and aliased by buildHostApp.ts when it builds the reference page.
declare module 'wagmi-reference/walletConnect' {
  import type { CreateConnectorFn } from '@wagmi/core'
  export function walletConnect(
    parameters: Record<string, unknown>,
  ): CreateConnectorFn
}
