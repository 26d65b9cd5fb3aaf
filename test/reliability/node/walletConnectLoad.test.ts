import { connect, signMessage, signTypedData } from '@wagmi/core'
import { type Hex, hexToString, verifyMessage, verifyTypedData } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type Relay, startRelay } from '../../../sandbox/relay/startRelay.js'
import type { SandboxWallet } from '../../../sandbox/wallet/startSandboxWallet.js'
import { tally } from '../../helpers/reliabilityTally.js'
import { walletConnectHost } from '../../helpers/walletConnectHost.js'

const rpcUrls = inject('sandbox').rpcUrls
const concurrent = 50
let relay: Relay
let wallet: SandboxWallet
let host: Awaited<ReturnType<typeof walletConnectHost>>
beforeAll(async () => {
  relay = await startRelay()
  host = await walletConnectHost({ relayUrl: relay.url, rpcUrls })
  wallet = host.wallet
  const shown = host.nextUri()
  const connecting = connect(host.config, { connector: host.connector })
  await wallet.pair(await shown)
  await connecting
})
afterAll(async () => {
  await wallet.stop().catch(() => undefined)
  await relay.stop()
})

const indices = [...Array(concurrent).keys()]

/** Runs every call at once; resolves with each result and the order they settled in. */
async function allAtOnce<result>(calls: (() => Promise<result>)[]) {
  const settled: number[] = []
  const results = await Promise.all(
    calls.map(async (call, index) => {
      const result = await call()
      settled.push(index)
      return result
    }),
  )
  return { results, settled }
}

/** The indices whose result does not verify: answers meant for another request. */
async function notVerifying<result>(
  results: result[],
  verifies: (result: result, index: number) => Promise<boolean>,
) {
  const verified = await Promise.all(results.map(verifies))
  return indices.filter((index) => !verified[index])
}

/** What the wallet was asked to sign since `from`, as text, in the order it received it. */
function textsSeen(from: number) {
  return wallet.received.slice(from).map(({ method, params }) => {
    const [first, second] = params as [Hex, string]
    return method === 'personal_sign'
      ? hexToString(first)
      : JSON.parse(second).message.text
  })
}
const sorted = (texts: string[]) => [...texts].sort()

const typedData = (index: number) =>
  ({
    domain: { name: 'Load', version: '1', chainId: 1 },
    types: { Greeting: [{ name: 'text', type: 'string' }] },
    primaryType: 'Greeting',
    message: { text: `greeting ${index}` },
  }) as const

describe(`walletConnectDeepLink under load: ${concurrent} requests at once`, () => {
  it('personal_sign: each signature verifies for its own message, they resolve in the order sent, the wallet saw each message once', async () => {
    const received = wallet.received.length
    const messages = indices.map((index) => `load message ${index}`)
    const { results, settled } = await allAtOnce(
      messages.map((message) => () => signMessage(host.config, { message })),
    )
    expect(
      await notVerifying(results, (signature, index) =>
        verifyMessage({
          address: wallet.address,
          message: messages[index]!,
          signature,
        }),
      ),
    ).toEqual([])
    expect(settled).toEqual(indices)
    expect(sorted(textsSeen(received))).toEqual(sorted(messages))
    tally('loadRequest', 'walletConnectDeepLink personal_sign', concurrent)
  })

  it('eth_signTypedData_v4: each signature verifies for its own data, they resolve in the order sent, the wallet saw each once', async () => {
    const received = wallet.received.length
    const { results, settled } = await allAtOnce(
      indices.map(
        (index) => () => signTypedData(host.config, typedData(index)),
      ),
    )
    expect(
      await notVerifying(results, (signature, index) =>
        verifyTypedData({
          address: wallet.address,
          signature,
          ...typedData(index),
        }),
      ),
    ).toEqual([])
    expect(settled).toEqual(indices)
    expect(sorted(textsSeen(received))).toEqual(
      sorted(indices.map((index) => typedData(index).message.text)),
    )
    tally(
      'loadRequest',
      'walletConnectDeepLink eth_signTypedData_v4',
      concurrent,
    )
  })
})
