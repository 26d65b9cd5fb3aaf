import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes } from '@walletconnect/types'
import { type Hex, toHex, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { type Relay, startRelay } from '../../sandbox/relay/startRelay.js'

let relay: Relay
const clients: InstanceType<typeof SignClient>[] = []
beforeAll(async () => {
  relay = await startRelay()
})
afterAll(async () => {
  await Promise.all(
    clients.map((client) => client.core.relayer.transportClose()),
  )
  await relay.stop()
})

// A wallet key anvil does not hold: nothing can be answered by an unlocked node account.
const walletAccount = privateKeyToAccount(generatePrivateKey())
const methods = ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4']
const events = ['chainChanged', 'accountsChanged']
let instance = 0

async function client(name: string) {
  const created = await SignClient.init({
    projectId: '00000000000000000000000000000000',
    relayUrl: relay.url,
    metadata: {
      name,
      description: `${name} (relay test)`,
      url: 'http://localhost',
      icons: [],
    },
    // Two clients in one process must not share the global core.
    customStoragePrefix: `${name}-${instance++}`,
    logger: 'silent',
    signConfig: { disableRequestQueue: true },
  })
  clients.push(created)
  return created
}

type SessionRequest = {
  topic: string
  id: number
  params: { request: { params: unknown } }
}

/** The wallet signs the raw message of a personal_sign with its own key. */
async function answerPersonalSign(
  wallet: InstanceType<typeof SignClient>,
  { topic, id, params }: SessionRequest,
) {
  const [message] = params.request.params as [Hex]
  await wallet.respond({
    topic,
    response: {
      id,
      jsonrpc: '2.0',
      result: await walletAccount.signMessage({ message: { raw: message } }),
    },
  })
}

/** A dapp and a wallet paired through the relay, the wallet answering personal_sign. */
async function pairedSession() {
  const [dapp, wallet] = [await client('dapp'), await client('wallet')]
  wallet.on('session_proposal', ({ id, params }) => {
    const chains = params.optionalNamespaces.eip155?.chains ?? []
    void wallet.approve({
      id,
      namespaces: {
        eip155: {
          chains,
          methods,
          events,
          accounts: chains.map((chain) => `${chain}:${walletAccount.address}`),
        },
      },
    })
  })
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      eip155: { chains: ['eip155:1', 'eip155:8453'], methods, events },
    },
  })
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  await wallet.pair({ uri: uri! })
  const session: SessionTypes.Struct = await approval()
  return { dapp, wallet, session }
}

const sign = (
  dapp: InstanceType<typeof SignClient>,
  topic: string,
  text: string,
) =>
  dapp.request<Hex>({
    topic,
    chainId: 'eip155:1',
    request: {
      method: 'personal_sign',
      params: [toHex(text), walletAccount.address],
    },
  })

describe('the sandbox WalletConnect relay, with the real sign-client', () => {
  it('pairs, settles a session and carries a personal_sign round trip', async () => {
    const before = { ...relay.counters.methods }
    const { dapp, wallet, session } = await pairedSession()
    expect(session.namespaces.eip155?.accounts).toEqual([
      `eip155:1:${walletAccount.address}`,
      `eip155:8453:${walletAccount.address}`,
    ])
    wallet.on('session_request', async ({ topic, id, params }) => {
      await answerPersonalSign(wallet, { topic, id, params })
    })
    const signature = await sign(dapp, session.topic, 'hello relay')
    expect(
      await verifyMessage({
        address: walletAccount.address,
        message: 'hello relay',
        signature,
      }),
    ).toBe(true)
    const used = (name: string) =>
      (relay.counters.methods[name] ?? 0) - (before[name] ?? 0)
    expect(used('wc_proposeSession')).toBe(1)
    expect(used('wc_approveSession')).toBe(1)
    expect(relay.counters.acks).toBeGreaterThan(0)
  })

  it('a relay restart while the wallet holds a request loses nothing', async () => {
    const { dapp, wallet, session } = await pairedSession()
    let restarted = false
    wallet.on('session_request', async ({ topic, id, params }) => {
      if (!restarted) {
        restarted = true
        const reconnected = Promise.all(
          [wallet, dapp].map(
            (side) =>
              new Promise((resolve) =>
                side.core.relayer.once('relayer_connect', resolve),
              ),
          ),
        )
        await relay.restart()
        // Both sides reconnect on their own; answer once they are back.
        await reconnected
      }
      await answerPersonalSign(wallet, { topic, id, params })
    })
    const signature = await sign(dapp, session.topic, 'after the restart')
    expect(restarted).toBe(true)
    expect(
      await verifyMessage({
        address: walletAccount.address,
        message: 'after the restart',
        signature,
      }),
    ).toBe(true)
  })

  it('refuses a client without a valid auth token', async () => {
    const socket = new WebSocket(`${relay.url}/?projectId=0`)
    const closed = await new Promise<number>((resolve) =>
      socket.on('close', (code) => resolve(code)),
    )
    expect(closed).toBe(4001)
  })
})
