import { randomUUID } from 'node:crypto'
import { type Connector, createConfig } from '@wagmi/core'
import { http } from 'viem'
import { vi } from 'vitest'
import { type SandboxChainUrls, sandboxChains } from '../../sandbox/chains.js'
import { startSandboxWallet } from '../../sandbox/wallet/startSandboxWallet.js'
import { walletConnectDeepLink } from '../../src/walletconnect/walletConnectDeepLink.js'
import { memoryStorage } from './memoryStorage.js'

/** The next pairing URI `connector` shows; ask before calling connect(). */
export function nextPairingUri(connector: Connector) {
  return new Promise<string>((resolve) => {
    const onMessage = ({ type, data }: { type: string; data?: unknown }) => {
      if (type !== 'display_uri') return
      connector.emitter.off('message', onMessage)
      resolve(data as string)
    }
    connector.emitter.on('message', onMessage)
  })
}

/**
 * A host config with walletConnectDeepLink on `relayUrl` (memory storage) and
 * a fresh sandbox wallet on the same relay, not yet paired.
 */
export async function walletConnectHost({
  relayUrl,
  rpcUrls,
}: {
  relayUrl: string
  rpcUrls: SandboxChainUrls
}) {
  const [ethereum, base] = sandboxChains(rpcUrls)
  const { storage } = memoryStorage('host')
  const config = createConfig({
    chains: [ethereum, base],
    connectors: [
      walletConnectDeepLink({
        projectId: '00000000000000000000000000000000',
        relayUrl,
        metadata: {
          name: 'Host',
          description: 'reliability test host',
          url: 'http://localhost',
          icons: [],
        },
        // One SDK core per config: configs in one process must not share it.
        storagePrefix: `host-${randomUUID()}`,
      }),
    ],
    storage,
    transports: {
      [ethereum.id]: http(rpcUrls[ethereum.id]),
      [base.id]: http(rpcUrls[base.id]),
    },
  })
  const wallet = await startSandboxWallet({ relayUrl, rpcUrls })
  const connector = config.connectors[0]!
  const nextUri = () => nextPairingUri(connector)
  return { config, connector, wallet, nextUri }
}

/**
 * Resolves once an SDK `core` has tried to reach the relay a second time: it
 * signs a fresh relay-auth token for each try, and tries again only after
 * the first was refused.
 */
export function relayRefusedOnce(
  core: { crypto: { signJWT(aud: string): Promise<string> } },
  timeout: number,
) {
  const signJWT = vi.spyOn(core.crypto, 'signJWT')
  return vi.waitUntil(() => signJWT.mock.calls.length >= 2, { timeout })
}
