import {
  type Address,
  createWalletClient,
  erc20Abi,
  http,
  isAddress,
  parseEther,
  publicActions,
} from 'viem'
import type { Plugin, PreviewServer, ViteDevServer } from 'vite'
import { sandboxChains } from '../sandbox/chains.js'
import { devAccount } from '../sandbox/devAccounts.js'
import type { Sandbox } from '../sandbox/startSandbox.js'
import { readJson } from './readJson.js'

/**
 * `POST /api/faucet {address}`: 1 ETH and 100 SBX on both sandbox chains from
 * anvil's dev account 1, so a fresh passkey wallet can send transactions.
 */
export function sandboxFaucet(
  sandbox: Sandbox,
  tokenAddresses: Record<number, Address>,
): Plugin {
  const clients = sandboxChains(sandbox.rpcUrls).map((chain) =>
    createWalletClient({
      account: devAccount(1),
      chain,
      transport: http(),
    }).extend(publicActions),
  )
  const addRoute = ({ middlewares }: ViteDevServer | PreviewServer) => {
    middlewares.use('/api/faucet', (request, response) => {
      void (async () => {
        try {
          const { address } = await readJson(request)
          if (!isAddress(address))
            throw new Error('address must be a 0x address')
          await Promise.all(
            clients.map(async (client) => {
              const eth = await client.sendTransaction({
                to: address,
                value: parseEther('1'),
              })
              await client.waitForTransactionReceipt({
                hash: eth,
                pollingInterval: 100,
              })
              // The token's supply sits with dev account 0; anvil lets the faucet act for it.
              const token = await client.writeContract({
                account: devAccount(0),
                address: tokenAddresses[client.chain.id]!,
                abi: erc20Abi,
                functionName: 'transfer',
                args: [address, parseEther('100')],
              })
              await client.waitForTransactionReceipt({
                hash: token,
                pollingInterval: 100,
              })
            }),
          )
          response.writeHead(200, { 'content-type': 'application/json' })
          response.end(JSON.stringify({ funded: address }))
        } catch (error) {
          response.writeHead(400, { 'content-type': 'application/json' })
          response.end(JSON.stringify({ error: (error as Error).message }))
        }
      })()
    })
  }
  return {
    name: 'wagmi-connector-pack:sandbox-faucet',
    configureServer: addRoute,
    configurePreviewServer: addRoute,
  }
}
