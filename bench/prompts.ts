import {
  connect,
  disconnect,
  sendCalls,
  sendTransaction,
  signMessage,
  signTypedData,
  waitForCallsStatus,
  waitForTransactionReceipt,
} from '@wagmi/core'
import { createTestClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { sandboxChains } from '../sandbox/chains.js'
import { startSandbox } from '../sandbox/startSandbox.js'
import { createPasskeyBackend, sessionScope } from '../src/exports/server.js'
import { sandboxBackendOptions } from '../test/helpers/hostBackend.js'
import {
  passkeyHostConfig,
  stubWebauthn,
} from '../test/helpers/passkeyHostInNode.js'
import { signUp } from '../test/helpers/vendorUsers.js'

export type PromptsBenchRow = {
  /** What signs when the passkey does not: the pack's scope, a narrower one, or no session key. */
  session: 'sessionScope()' | 'sessionScope({ to })' | 'none'
  operation:
    | 'sign message'
    | 'sign typed data'
    | 'send transaction'
    | 'send transaction outside the scope'
    | 'batch (useSendCalls)'
  /** Passkey prompts, counted at the authenticator, from the request to its confirmation. */
  prompts: number
}

/**
 * Passkey prompts per operation on passkeyWallet, once connected, in Node
 * with a software passkey against one sandbox: under the pack's session
 * scope, under a narrower one (transactions to one address), and with no
 * session key (`session: false`).
 */
export async function promptsBench(): Promise<PromptsBenchRow[]> {
  const sandbox = await startSandbox({ blockTime: 0.2 })
  const [mainnet] = sandboxChains(sandbox.rpcUrls)
  const allowed = privateKeyToAccount(generatePrivateKey()).address
  const other = privateKeyToAccount(generatePrivateKey()).address
  const backend = createPasskeyBackend({
    ...sandboxBackendOptions(sandbox.vendor),
    appName: 'Prompts bench',
  })
  const narrower = await backend.createSessionProfile({
    name: 'Transfers to one address',
    scope: sessionScope({ to: [allowed] }),
  })
  const sessions = {
    'sessionScope()': { profileId: sandbox.vendor.sessionProfileId },
    'sessionScope({ to })': { profileId: narrower.sessionProfileId },
    none: false,
  } as const
  const rows: PromptsBenchRow[] = []
  try {
    for (const [session, option] of Object.entries(sessions)) {
      const user = await signUp(sandbox.vendor, `prompts-${rows.length}`)
      await createTestClient({
        chain: mainnet,
        mode: 'anvil',
        transport: http(),
      }).setBalance({ address: user.address, value: parseEther('1') })
      stubWebauthn(() => user.passkey)
      const config = passkeyHostConfig(sandbox.vendor, [mainnet], {
        session: option,
      })
      await connect(config, { connector: config.connectors[0]! })
      const count = async (
        operation: PromptsBenchRow['operation'],
        run: () => Promise<unknown>,
      ) => {
        const before = user.passkey.counter
        await run()
        rows.push({
          session: session as PromptsBenchRow['session'],
          operation,
          prompts: user.passkey.counter - before,
        })
      }
      const transfer = (to: typeof allowed) => async () =>
        waitForTransactionReceipt(config, {
          hash: await sendTransaction(config, { to, value: 1n }),
          pollingInterval: 100,
        })
      await count('sign message', () =>
        signMessage(config, { message: 'prompts' }),
      )
      await count('sign typed data', () =>
        signTypedData(config, {
          types: { Mail: [{ name: 'contents', type: 'string' }] },
          primaryType: 'Mail',
          domain: { name: 'Prompts bench', chainId: mainnet.id },
          message: { contents: 'hello' },
        }),
      )
      await count('send transaction', transfer(allowed))
      if (session === 'sessionScope({ to })')
        await count('send transaction outside the scope', transfer(other))
      await count('batch (useSendCalls)', async () => {
        const { id } = await sendCalls(config, {
          calls: [
            { to: allowed, value: 1n },
            { to: allowed, value: 1n },
          ],
        })
        const status = await waitForCallsStatus(config, {
          id,
          pollingInterval: 100,
        })
        if (status.status !== 'success')
          throw new Error(`the batch failed: ${status.statusCode}`)
      })
      await disconnect(config)
    }
  } finally {
    await sandbox.stop()
  }
  return rows
}
