import type { Connect, Plugin, PreviewServer, ViteDevServer } from 'vite'
import { devAccount } from '../sandbox/devAccounts.js'
import type { Sandbox } from '../sandbox/startSandbox.js'
import {
  type SandboxWallet,
  startSandboxWallet,
} from '../sandbox/wallet/startSandboxWallet.js'
import { readJson } from './readJson.js'

/** What the wallet page shows: the account, its choices, its sessions and what it did. */
export type SandboxWalletView = {
  address: string
  proposals: SandboxWallet['proposals']
  requests: SandboxWallet['requests']
  sessions: { topic: string; dapp: string; chains: string[] }[]
  log: string[]
}

const logLimit = 50

/**
 * The sandbox wallet for a person at the playground's wallet page
 * (`/wallet.html`), run in this Node process and started on first use:
 * - `POST /api/wallet/state` the view;
 * - `POST /api/wallet/pair {uri}` pairs with a dapp's `wc:` URI;
 * - `POST /api/wallet/choices {proposals?, requests?}` approve or reject what comes next;
 * - `POST /api/wallet/chain {chainId}` announces a chain change to every dapp;
 * - `POST /api/wallet/disconnect` ends every session, as a user in the wallet.
 */
export function sandboxWalletBackend(sandbox: Sandbox): Plugin {
  const log: string[] = []
  let started: Promise<SandboxWallet> | undefined
  const wallet = () => {
    started ??= startSandboxWallet({
      relayUrl: sandbox.relay.url,
      rpcUrls: sandbox.rpcUrls,
      // Account 8 is left alone by the playground, the tests and the wallet CLI (9).
      fundWith: devAccount(8),
      log(line) {
        log.push(line)
        log.splice(0, log.length - logLimit)
      },
    }).catch((error: unknown) => {
      started = undefined
      throw error
    })
    return started
  }
  const view = (current: SandboxWallet): SandboxWalletView => ({
    address: current.address,
    proposals: current.proposals,
    requests: current.requests,
    sessions: current.sessions().map((session) => ({
      topic: session.topic,
      dapp: session.peer.metadata.name,
      chains: session.namespaces.eip155?.chains ?? [],
    })),
    log: [...log],
  })
  const routes: Record<
    string,
    (current: SandboxWallet, body: Record<string, unknown>) => Promise<void>
  > = {
    state: async () => undefined,
    async pair(current, { uri }) {
      if (typeof uri !== 'string' || !uri.startsWith('wc:'))
        throw new Error('Paste a WalletConnect URI: it starts with wc:')
      await current.pair(uri)
    },
    async choices(current, { proposals, requests }) {
      if (proposals === 'approve' || proposals === 'reject')
        current.proposals = proposals
      if (requests === 'answer' || requests === 'reject')
        current.requests = requests
    },
    async chain(current, { chainId }) {
      await current.emitChainChanged(Number(chainId))
    },
    async disconnect(current) {
      await current.disconnect()
    },
  }
  const handle: Connect.NextHandleFunction = (request, response) => {
    void (async () => {
      try {
        const route = routes[request.url?.replace(/^\//, '') ?? '']
        if (!route || request.method !== 'POST')
          throw new Error(`No wallet route ${request.method} ${request.url}`)
        const current = await wallet()
        await route(current, await readJson(request))
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify(view(current)))
      } catch (error) {
        response.writeHead(400, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ error: (error as Error).message }))
      }
    })()
  }
  const addRoute = (server: ViteDevServer | PreviewServer) => {
    server.middlewares.use('/api/wallet', handle)
    server.httpServer?.once('close', () => {
      void started?.then((current) => current.stop()).catch(() => undefined)
    })
  }
  return {
    name: 'wagmi-connector-pack:sandbox-wallet',
    configureServer: addRoute,
    configurePreviewServer: addRoute,
  }
}
