import { SignClient } from '@walletconnect/sign-client'
import type { SessionTypes, SignClientTypes } from '@walletconnect/types'
import {
  createPublicClient,
  getAddress,
  type Hash,
  type Hex,
  http,
  parseEther,
  toHex,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { sandboxChains } from '../../sandbox/chains.js'
import { devAccount } from '../../sandbox/devAccounts.js'
import { type Relay, startRelay } from '../../sandbox/relay/startRelay.js'
import {
  type SandboxWallet,
  startSandboxWallet,
} from '../../sandbox/wallet/startSandboxWallet.js'

type Dapp = InstanceType<typeof SignClient>

const rpcUrls = inject('sandbox').rpcUrls
const [ethereum] = sandboxChains(rpcUrls)
// No other test sends from dev account 7, so funding never races another nonce.
const funder = devAccount(7)
const methods = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
]
const events = ['chainChanged', 'accountsChanged']

let relay: Relay
let wallet: SandboxWallet
/** Willing to use Base only, and to approve a method it cannot answer. */
let picky: SandboxWallet
const dapps: Dapp[] = []

beforeAll(async () => {
  relay = await startRelay()
  // Both funded from one account at once: their transfers must not share a nonce.
  ;[wallet, picky] = await Promise.all([
    startSandboxWallet({ relayUrl: relay.url, rpcUrls, fundWith: funder }),
    startSandboxWallet({
      relayUrl: relay.url,
      rpcUrls,
      chainIds: [8453],
      methods: ['personal_sign', 'wallet_watchAsset'],
      fundWith: funder,
    }),
  ])
})
afterAll(async () => {
  await Promise.all([
    wallet?.stop(),
    picky?.stop(),
    ...dapps.map((dapp) => dapp.core.relayer.transportClose()),
  ])
  await relay?.stop()
})

let dappCount = 0
async function startDapp() {
  const dapp = await SignClient.init({
    projectId: '00000000000000000000000000000000',
    relayUrl: relay.url,
    metadata: {
      name: 'Test dapp',
      description: 'sandbox wallet test',
      url: 'http://localhost',
      icons: [],
    },
    // Clients in one process share a core unless their prefixes differ.
    customStoragePrefix: `sandbox-wallet-test-dapp-${dappCount++}`,
    logger: 'silent',
  })
  dapps.push(dapp)
  return dapp
}

/** A dapp proposing chains 1 and 8453 to `to`; resolves with the dapp and its pending approval. */
async function propose(to: SandboxWallet) {
  const dapp = await startDapp()
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: {
      eip155: { chains: ['eip155:1', 'eip155:8453'], methods, events },
    },
  })
  await to.pair(uri!)
  return { dapp, approval }
}

async function connected(to = wallet) {
  to.proposals = 'approve'
  to.requests = 'answer'
  const { dapp, approval } = await propose(to)
  const session: SessionTypes.Struct = await approval()
  const request = <result>(method: string, params: unknown[], chainId = 1) =>
    dapp.request<result>({
      topic: session.topic,
      chainId: `eip155:${chainId}`,
      request: { method, params },
    })
  return { dapp, session, request }
}

const nextEvent = <event extends 'session_event' | 'session_delete'>(
  dapp: Dapp,
  name: event,
) =>
  new Promise<SignClientTypes.EventArguments[event]>((resolve) =>
    dapp.once(name, resolve),
  )

describe('the sandbox wallet, paired with a dapp over the sandbox relay', () => {
  it('approves the requested chains it is willing to use, with its own account', async () => {
    const { session } = await connected()
    expect(session.namespaces.eip155).toEqual({
      chains: ['eip155:1', 'eip155:8453'],
      accounts: [`eip155:1:${wallet.address}`, `eip155:8453:${wallet.address}`],
      methods: [
        'eth_sendTransaction',
        'personal_sign',
        'eth_signTypedData_v4',
        'eth_signTypedData',
        'wallet_switchEthereumChain',
        'wallet_getCapabilities',
        'wallet_sendCalls',
        'wallet_getCallsStatus',
      ],
      events,
    })
    expect(session.peer.metadata).toMatchObject({
      name: 'Sandbox Wallet',
      redirect: {
        native: 'sandboxwallet://',
        universal: 'https://wallet.sandbox.localhost/app',
      },
    })
    expect(wallet.sessions().map(({ topic }) => topic)).toContain(session.topic)

    const { session: baseOnly } = await connected(picky)
    expect(baseOnly.namespaces.eip155).toMatchObject({
      chains: ['eip155:8453'],
      accounts: [`eip155:8453:${picky.address}`],
      methods: ['personal_sign', 'wallet_watchAsset'],
    })

    const ethereumClient = createPublicClient({
      chain: ethereum,
      transport: http(),
    })
    for (const { address } of [wallet, picky])
      expect(await ethereumClient.getBalance({ address })).toBe(
        parseEther('10'),
      )
  })

  it('rejects a proposal as the user would', async () => {
    wallet.proposals = 'reject'
    const { approval } = await propose(wallet)
    await expect(approval()).rejects.toMatchObject({
      code: 5000,
      message: 'User rejected.',
    })
  })

  it('signs messages and typed data with its key, recording each request', async () => {
    const { session, request } = await connected()
    const message = 'hello sandbox wallet'
    const signature = await request<Hex>('personal_sign', [
      toHex(message),
      wallet.address,
    ])
    expect(
      await verifyMessage({ address: wallet.address, message, signature }),
    ).toBe(true)
    expect(wallet.received.at(-1)).toMatchObject({
      topic: session.topic,
      chainId: 'eip155:1',
      method: 'personal_sign',
      params: [toHex(message), wallet.address],
    })

    const typedData = {
      domain: { name: 'Sandbox', version: '1', chainId: 8453 },
      types: {
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'amount', type: 'uint256' },
          { name: 'note', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      message: {
        to: devAccount(3).address,
        amount: '1000000000000000000000',
        note: 'typed',
      },
    } as const
    const typedSignature = await request<Hex>(
      'eth_signTypedData_v4',
      [wallet.address, JSON.stringify(typedData)],
      8453,
    )
    expect(
      await verifyTypedData({
        address: wallet.address,
        ...typedData,
        message: { ...typedData.message, amount: 10n ** 21n },
        signature: typedSignature,
      }),
    ).toBe(true)
  })

  it('sends a transaction from its own funded account, mined on chain 1', async () => {
    const { request } = await connected()
    const recipient = privateKeyToAccount(generatePrivateKey()).address
    const hash = await request<Hash>('eth_sendTransaction', [
      { from: wallet.address, to: recipient, value: toHex(parseEther('1.25')) },
    ])
    const chain = createPublicClient({ chain: ethereum, transport: http() })
    const receipt = await chain.waitForTransactionReceipt({
      hash,
      pollingInterval: 100,
    })
    expect(receipt.status).toBe('success')
    expect(getAddress(receipt.from)).toBe(wallet.address)
    expect(await chain.getBalance({ address: recipient })).toBe(
      parseEther('1.25'),
    )
  })

  it('switches to an approved chain, announcing it; refuses any other chain with 4902', async () => {
    const { dapp, session, request } = await connected()
    const announced = nextEvent(dapp, 'session_event')
    expect(
      await request('wallet_switchEthereumChain', [{ chainId: toHex(8453) }]),
    ).toBeNull()
    expect(await announced).toMatchObject({
      topic: session.topic,
      params: {
        chainId: 'eip155:8453',
        event: { name: 'chainChanged', data: 8453 },
      },
    })

    await expect(
      request('wallet_switchEthereumChain', [{ chainId: toHex(10) }]),
    ).rejects.toMatchObject({ code: 4902, message: 'Unrecognized chain ID' })
  })

  it('rejects requests as the user would (4001) and refuses unsupported methods (4200)', async () => {
    const { session, request } = await connected()
    wallet.requests = 'reject'
    const seen = wallet.waitForRequest(
      ({ method, topic }) =>
        method === 'personal_sign' && topic === session.topic,
    )
    await expect(
      request('personal_sign', [toHex('no'), wallet.address]),
    ).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
    expect(await seen).toMatchObject({ method: 'personal_sign' })

    const { request: requestPicky } = await connected(picky)
    await expect(
      requestPicky('wallet_watchAsset', [{ type: 'ERC20' }], 8453),
    ).rejects.toMatchObject({ code: 4200, message: 'Unsupported method' })
  })

  it('answers EIP-5792 2.0.0: atomic batches on its chains; refuses what it cannot send with the EIP-5792 and EIP-1193 codes', async () => {
    const { request } = await connected()
    const chain = createPublicClient({ chain: ethereum, transport: http() })
    const sentBefore = await chain.getTransactionCount({
      address: wallet.address,
    })
    expect(await request('wallet_getCapabilities', [wallet.address])).toEqual({
      '0x1': { atomic: { status: 'supported' } },
      '0x2105': { atomic: { status: 'supported' } },
    })
    expect(
      await request('wallet_getCapabilities', [wallet.address, ['0x2105']]),
    ).toEqual({ '0x2105': { atomic: { status: 'supported' } } })
    await expect(
      request('wallet_getCapabilities', [devAccount(3).address]),
    ).rejects.toMatchObject({ code: 4100 })

    const call = { to: devAccount(3).address, value: '0x1' }
    const batch = {
      version: '2.0.0',
      from: wallet.address,
      chainId: '0x1',
      atomicRequired: true,
      calls: [call],
    }
    const refusals = [
      [{ ...batch, version: '1.0' }, -32602],
      [{ ...batch, from: devAccount(3).address }, 4100],
      [{ ...batch, chainId: '0xa' }, 5710],
      [{ ...batch, calls: Array(51).fill(call) }, 5740],
      [{ ...batch, capabilities: { paymasterService: { url: 'x' } } }, 5700],
    ] as const
    for (const [parameters, code] of refusals)
      await expect(
        request('wallet_sendCalls', [parameters]),
      ).rejects.toMatchObject({ code })
    await expect(
      request('wallet_getCallsStatus', [toHex(1, { size: 32 })]),
    ).rejects.toMatchObject({ code: 5730, message: 'Unknown batch ID' })
    // Nothing refused was sent.
    expect(await chain.getTransactionCount({ address: wallet.address })).toBe(
      sentBefore,
    )
  })

  it("announces account changes and a user's disconnect to the dapp", async () => {
    const { dapp, session } = await connected()
    const other = devAccount(3).address
    const announced = nextEvent(dapp, 'session_event')
    await wallet.emitAccountsChanged([other])
    expect(await announced).toMatchObject({
      topic: session.topic,
      params: { event: { name: 'accountsChanged', data: [other] } },
    })

    const deleted = nextEvent(dapp, 'session_delete')
    await wallet.disconnect()
    expect(await deleted).toMatchObject({ topic: session.topic })
    expect(wallet.sessions()).toEqual([])
  })
})
