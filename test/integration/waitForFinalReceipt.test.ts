import { createConfig } from '@wagmi/core'
import {
  custom,
  defineChain,
  type EIP1193RequestFn,
  fromHex,
  type Hash,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AnvilInstance,
  startAnvil,
} from '../../sandbox/anvil/startAnvil.js'
import { devAccount, sandboxMnemonic } from '../../sandbox/devAccounts.js'
import {
  receiptConfirmations,
  waitForFinalReceipt,
} from '../../src/exports/passkey.js'

// An anvil of its own that mines only when told, so the test decides when each block exists.
const chainId = 31_337
let anvil: AnvilInstance

async function rpc(method: string, params: unknown[] = []) {
  const response = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: unknown }
  if (body.error) throw new Error(`${method}: ${JSON.stringify(body.error)}`)
  return body.result
}

const head = async () =>
  fromHex((await rpc('eth_blockNumber')) as Hash, 'number')

/**
 * Resolves once the wait has settled, or wagmi's poller has read the head at
 * `block` twice: by the second read its answer to the first is handled. A
 * settled wait polls no more.
 */
function seenAt(polls: number[], block: number, settled: () => boolean) {
  return new Promise<void>((resolve) => {
    const check = () => {
      if (settled() || polls.filter((at) => at >= block).length >= 2) resolve()
      else setImmediate(check)
    }
    check()
  })
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId, blockTime: 1, mnemonic: sandboxMnemonic })
  await rpc('evm_setIntervalMining', [0])
}, 60_000)
afterAll(() => anvil?.stop())

describe('waitForFinalReceipt', () => {
  it(`gives the receipt only once the transaction is ${receiptConfirmations} blocks deep`, async () => {
    const polls: number[] = []
    const request: EIP1193RequestFn = async ({ method, params }) => {
      const result = await rpc(method, (params as unknown[]) ?? [])
      if (method === 'eth_blockNumber')
        polls.push(fromHex(result as Hash, 'number'))
      return result as never
    }
    const chain = defineChain({
      id: chainId,
      name: 'Manual anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    })
    const config = createConfig({
      chains: [chain],
      transports: { [chainId]: custom({ request }) },
      pollingInterval: 10,
    })

    const hash = (await rpc('eth_sendTransaction', [
      { from: devAccount(1).address, to: devAccount(2).address, value: '0x1' },
    ])) as Hash
    let settled = false
    const final = waitForFinalReceipt(config, { hash, chainId }).then(
      (receipt) => {
        settled = true
        return receipt
      },
    )

    await rpc('evm_mine')
    const included = await head()
    const pendingAt: number[] = []
    for (let depth = 1; depth <= receiptConfirmations; depth++) {
      if (depth > 1) await rpc('evm_mine')
      await seenAt(polls, included + depth - 1, () => settled)
      if (!settled) pendingAt.push(depth)
    }

    const receipt = await final
    expect(receipt.transactionHash).toBe(hash)
    expect(Number(receipt.blockNumber)).toBe(included)
    expect(receipt.status).toBe('success')
    // Pending with the block that holds it and one more on top; final with the third.
    expect(pendingAt).toEqual([1, 2])
  }, 60_000)
})
