import {
  connect,
  disconnect,
  sendCalls,
  sendTransaction,
  waitForCallsStatus,
  waitForTransactionReceipt,
} from '@wagmi/core'
import { createPublicClient, createTestClient, http, parseEther } from 'viem'
import { sandboxChains } from '../sandbox/chains.js'
import { devAccount } from '../sandbox/devAccounts.js'
import { startSandbox } from '../sandbox/startSandbox.js'
import {
  passkeyHostConfig,
  stubWebauthn,
} from '../test/helpers/passkeyHostInNode.js'
import { tokenCall, tokenHeldBy } from '../test/helpers/testToken.js'
import { signUp } from '../test/helpers/vendorUsers.js'

export type CallsBenchRow = {
  /** How many ERC-20 transfers the user sends as one action. */
  calls: number
  way: 'useSendCalls' | 'useSendTransaction × N'
  /** `session` (a session key under the sandbox's profile signs) or `passkey` (`session: false`). */
  signer: 'session' | 'passkey'
  vendorRequests: number
  /** JSON-RPC requests the page sent to the chain. */
  chainRequests: number
  /** Transactions that landed on the chain. */
  transactions: number
  prompts: number
  /** From the first request to every call confirmed. */
  msToConfirmed: number
}

/**
 * A batch of N calls through wagmi's `sendCalls` then `waitForCallsStatus`,
 * beside the same N calls as N `sendTransaction` each waited for, both on
 * passkeyWallet in Node (a software passkey) against one sandbox: counted
 * on the wire (the page's fetches to the vendor and to the chain), on the
 * chain (transactions in the blocks mined meanwhile) and at the
 * authenticator (prompts).
 */
export async function callsBench({
  sizes = [2, 5, 10],
}: {
  sizes?: number[]
} = {}): Promise<CallsBenchRow[]> {
  const sandbox = await startSandbox({ blockTime: 0.2 })
  const [mainnet] = sandboxChains(sandbox.rpcUrls)
  // The page's chain requests go to their own URL (anvil ignores the query), apart from the emulator's.
  const pageRpcUrl = `${sandbox.rpcUrls[mainnet.id]}/?page`
  const pageChain = { ...mainnet, rpcUrls: { default: { http: [pageRpcUrl] } } }
  // No cache: each measure reads the block number of its own moment.
  const chain = createPublicClient({
    chain: mainnet,
    transport: http(),
    cacheTime: 0,
  })
  const realFetch = globalThis.fetch
  const counts = { vendor: 0, chain: 0 }
  globalThis.fetch = (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    if (url.startsWith(sandbox.vendor.url)) counts.vendor++
    else if (url === pageRpcUrl) counts.chain++
    return realFetch(input, init)
  }
  const rows: CallsBenchRow[] = []
  try {
    for (const signer of ['session', 'passkey'] as const) {
      const user = await signUp(sandbox.vendor, `calls-bench-${signer}`)
      // ETH for the fees, and tokens to send.
      await createTestClient({
        chain: mainnet,
        mode: 'anvil',
        transport: http(),
      }).setBalance({ address: user.address, value: parseEther('1') })
      const token = await tokenHeldBy({
        chain: mainnet,
        funder: devAccount(7),
        holder: user.address,
        amount: parseEther('100'),
      })
      stubWebauthn(() => user.passkey)
      const config = passkeyHostConfig(
        sandbox.vendor,
        [pageChain],
        signer === 'passkey'
          ? { session: false }
          : { session: { profileId: sandbox.vendor.sessionProfileId } },
      )
      await connect(config, { connector: config.connectors[0]! })
      const transfers = (n: number) =>
        Array.from({ length: n }, (_, index) =>
          tokenCall(
            token,
            'transfer',
            `0x${(index + 1).toString(16).padStart(40, '0')}`,
            1n,
          ),
        )
      for (const n of sizes) {
        rows.push(
          await measure(n, 'useSendCalls', signer, user.passkey, async () => {
            const { id } = await sendCalls(config, { calls: transfers(n) })
            const status = await waitForCallsStatus(config, {
              id,
              pollingInterval: 100,
            })
            if (status.status !== 'success')
              throw new Error(`the batch of ${n} failed: ${status.statusCode}`)
          }),
          await measure(
            n,
            'useSendTransaction × N',
            signer,
            user.passkey,
            async () => {
              for (const call of transfers(n)) {
                const hash = await sendTransaction(config, call)
                await waitForTransactionReceipt(config, {
                  hash,
                  pollingInterval: 100,
                })
              }
            },
          ),
        )
      }
      await disconnect(config)
    }
  } finally {
    globalThis.fetch = realFetch
    await sandbox.stop()
  }
  return rows

  async function measure(
    calls: number,
    way: CallsBenchRow['way'],
    signer: CallsBenchRow['signer'],
    passkey: { counter: number },
    run: () => Promise<void>,
  ): Promise<CallsBenchRow> {
    const firstBlock = (await chain.getBlockNumber()) + 1n
    const before = { ...counts, prompts: passkey.counter }
    const startedAt = performance.now()
    await run()
    const msToConfirmed = Math.round(performance.now() - startedAt)
    const after = { ...counts, prompts: passkey.counter }
    const lastBlock = await chain.getBlockNumber()
    let transactions = 0
    for (let number = firstBlock; number <= lastBlock; number++)
      transactions += (await chain.getBlock({ blockNumber: number }))
        .transactions.length
    return {
      calls,
      way,
      signer,
      vendorRequests: after.vendor - before.vendor,
      chainRequests: after.chain - before.chain,
      transactions,
      prompts: after.prompts - before.prompts,
      msToConfirmed,
    }
  }
}
