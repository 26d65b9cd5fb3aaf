import type { CreateConnectorFn } from '@wagmi/core'

/**
 * wagmi's published `walletConnect` (fetched outside the project by
 * bench/fetchWagmiConnectors.ts), loaded by its absolute path: Vite serves it
 * under `/@fs`, resolving its imports to the same SDK as ours.
 */
export async function loadWagmiWalletConnect(path: string) {
  const { walletConnect } = (await import(
    /* @vite-ignore */ `/@fs${path}`
  )) as {
    walletConnect(parameters: Record<string, unknown>): CreateConnectorFn
  }
  return walletConnect
}
