import {
  type CreateConnectorFn,
  connect,
  createConfig,
  disconnect,
  signMessage,
} from '@wagmi/core'
import { http } from 'viem'
import { mainnet } from 'viem/chains'
import { startRelay } from '../sandbox/relay/startRelay.js'
import { startSandboxWallet } from '../sandbox/wallet/startSandboxWallet.js'
import { walletConnectDeepLink } from '../src/walletconnect/walletConnectDeepLink.js'
import {
  fetchWagmiConnectors,
  referenceVersion,
} from './fetchWagmiConnectors.js'
import { percentile } from './percentile.js'

export type WalletConnectLatency = {
  connector: string
  connectToUriMs: number
  connectToConnectedMs: number
  signatureRoundTripMs: number
}

const projectId = '00000000000000000000000000000000'
const median = (values: number[]) => percentile(values, 0.5)

/**
 * `connect()` to pairing URI, to connected, and a personal_sign round trip,
 * for our connector and wagmi's `walletConnect` over the same local relay
 * and sandbox wallet, in alternating runs (Node, same SDK 2.21.8).
 */
export async function walletConnectLatency({ runs }: { runs: number }) {
  const { walletConnect } = (await import(fetchWagmiConnectors())) as {
    walletConnect(parameters: Record<string, unknown>): CreateConnectorFn
  }
  const relay = await startRelay()
  const candidates: [string, (prefix: string) => CreateConnectorFn][] = [
    [
      'walletConnectDeepLink',
      (prefix) =>
        walletConnectDeepLink({
          projectId,
          relayUrl: relay.url,
          storagePrefix: prefix,
        }),
    ],
    [
      `wagmi walletConnect() ${referenceVersion}`,
      (prefix) =>
        walletConnect({
          projectId,
          relayUrl: relay.url,
          showQrModal: false,
          customStoragePrefix: prefix,
        }),
    ],
  ]
  const samples = new Map(
    candidates.map(([name]) => [
      name,
      { uri: [] as number[], connected: [] as number[], sign: [] as number[] },
    ]),
  )
  try {
    // Run -1 warms both up (module loading, JIT) and is not counted.
    for (let run = -1; run < runs; run++)
      for (const [name, create] of run % 2
        ? [...candidates].reverse()
        : candidates) {
        const config = createConfig({
          chains: [mainnet],
          connectors: [create(`bench-${name.split(' ')[0]}-${run}`)],
          storage: null,
          transports: { [mainnet.id]: http('http://127.0.0.1:1') },
        })
        const wallet = await startSandboxWallet({
          relayUrl: relay.url,
          rpcUrls: { 1: 'http://127.0.0.1:1' },
        })
        const [connector] = config.connectors
        const started = performance.now()
        let uriAt = 0
        connector!.emitter.on('message', ({ type, data }) => {
          if (type !== 'display_uri' || uriAt) return
          uriAt = performance.now()
          void wallet.pair(data as string)
        })
        await connect(config, { connector: connector! })
        const connectedAt = performance.now()
        const signStarted = performance.now()
        await signMessage(config, { message: `bench ${run}` })
        const sample = samples.get(name)!
        if (run >= 0) sample.uri.push(uriAt - started)
        if (run >= 0) sample.connected.push(connectedAt - started)
        if (run >= 0) sample.sign.push(performance.now() - signStarted)
        await disconnect(config)
        // The dapp already ended the session; the wallet only closes its socket.
        await wallet.stop().catch(() => undefined)
      }
  } finally {
    await relay.stop()
  }
  return candidates.map(([name]): WalletConnectLatency => {
    const sample = samples.get(name)!
    return {
      connector: name,
      connectToUriMs: median(sample.uri),
      connectToConnectedMs: median(sample.connected),
      signatureRoundTripMs: median(sample.sign),
    }
  })
}
