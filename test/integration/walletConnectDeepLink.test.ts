import {
  connect,
  createConfig,
  createStorage,
  disconnect,
  getCapabilities,
  sendCalls,
  sendTransaction,
  signMessage,
  signTypedData,
  switchChain,
  waitForCallsStatus,
  waitForTransactionReceipt,
} from '@wagmi/core'
import type { ProposalTypes } from '@walletconnect/types'
import {
  type Address,
  createPublicClient,
  erc20Abi,
  http,
  parseEther,
  UserRejectedRequestError,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { sandboxChains } from '../../sandbox/chains.js'
import { devAccount } from '../../sandbox/devAccounts.js'
import { type Relay, startRelay } from '../../sandbox/relay/startRelay.js'
import { startSandboxWallet } from '../../sandbox/wallet/startSandboxWallet.js'
import { ConnectionRejectedError } from '../../src/core/connectionErrors.js'
import {
  IncompleteSessionError,
  PairingAbortedError,
} from '../../src/walletconnect/errors.js'
import { walletConnectDeepLink } from '../../src/walletconnect/walletConnectDeepLink.js'
import type { WalletConnectProvider } from '../../src/walletconnect/walletConnectParameters.js'
import { createGate, type Gate } from '../helpers/gate.js'
import { getConnection } from '../helpers/getConnection.js'
import { phoneDevice } from '../helpers/phoneDevice.js'
import { tokenCall, tokenHeldBy } from '../helpers/testToken.js'

const rpcUrls = inject('sandbox').rpcUrls
const [ethereum, base] = sandboxChains(rpcUrls)
let relay: Relay
const stops: (() => Promise<unknown>)[] = []
beforeAll(async () => {
  relay = await startRelay()
})
afterAll(async () => {
  for (const stop of stops) await stop().catch(() => undefined)
  await relay.stop()
})

let hosts = 0

const typedData = {
  domain: { name: 'Sandbox', version: '1', chainId: 1 },
  types: { Greeting: [{ name: 'text', type: 'string' }] },
  primaryType: 'Greeting',
  message: { text: 'hello' },
} as const

/** A host config with our connector, paired through the relay with a fresh sandbox wallet. */
async function setup(
  options: {
    walletChains?: number[]
    walletMethods?: string[]
    switching?: 'app' | 'wallet'
    pairAutomatically?: boolean
    /**
     * Holds the connector's writes until the test releases them, as an
     * asynchronous storage (IndexedDB, a remote one) may land them late: the
     * interleaving is driven, not slept for.
     */
    gate?: Gate
  } = {},
) {
  const memory = new Map<string, string>()
  const { gate } = options
  const config = createConfig({
    chains: [ethereum, base],
    connectors: [
      walletConnectDeepLink({
        projectId: '00000000000000000000000000000000',
        relayUrl: relay.url,
        metadata: {
          name: 'Host',
          description: 'integration test host',
          url: 'http://localhost',
          icons: [],
        },
        switching: options.switching,
        // One SDK core per config: configs in one process must not share it.
        storagePrefix: `host-${++hosts}`,
      }),
    ],
    storage: createStorage({
      key: 'host',
      storage: {
        getItem: (key) => memory.get(key) ?? null,
        setItem: (key, value) =>
          gate && key.startsWith('host.walletConnectDeepLink.')
            ? gate.hold(() => void memory.set(key, value))
            : void memory.set(key, value),
        removeItem: (key) => void memory.delete(key),
      },
    }),
    transports: {
      [ethereum.id]: http(rpcUrls[1]),
      [base.id]: http(rpcUrls[8453]),
    },
  })
  const wallet = await startSandboxWallet({
    relayUrl: relay.url,
    rpcUrls,
    chainIds: options.walletChains,
    methods: options.walletMethods,
    fundWith: devAccount(6),
  })
  stops.push(() => wallet.stop())
  const [connector] = config.connectors
  const uris: string[] = []
  connector!.emitter.on('message', ({ type, data }) => {
    if (type === 'display_uri') {
      uris.push(data as string)
      if (options.pairAutomatically !== false) void wallet.pair(data as string)
    }
  })
  return { config, connector: connector!, wallet, memory, uris }
}

/** As `setup`, but the wallet pairs only the URIs `choose` lets through. */
async function setupChoosing(choose: (uri: string, index: number) => boolean) {
  const host = await setup({ pairAutomatically: false })
  host.connector.emitter.on('message', ({ type, data }) => {
    if (type !== 'display_uri') return
    if (choose(data as string, host.uris.length - 1))
      void host.wallet.pair(data as string)
  })
  return host
}

const entries = (memory: Map<string, string>) =>
  [...memory.keys()]
    .filter((key) => key.startsWith('host.walletConnectDeepLink.'))
    .sort()

describe('walletConnectDeepLink with the real SDK over the sandbox relay', () => {
  it("the provider's once('display_uri') gets the URI wagmi's message carries, read as RainbowKit reads it (after connect() starts)", async () => {
    const { config, connector, uris } = await setup()
    const connecting = connect(config, { connector })
    const provider = (await connector.getProvider()) as WalletConnectProvider
    const read = new Promise<string>((resolve) =>
      provider.once('display_uri', resolve),
    )
    await connecting
    expect(await read).toBe(uris[0])
    expect(uris).toHaveLength(1)
  })

  it('connects, signs, sends, and keeps the three entries until disconnect', async () => {
    const { config, connector, wallet, memory, uris } = await setup()
    const connected = await connect(config, { connector })
    expect(uris).toHaveLength(1)
    expect(connected.accounts).toEqual([wallet.address])
    expect(connected.chainId).toBe(1)
    expect(entries(memory)).toEqual([
      'host.walletConnectDeepLink.activeAccount',
      'host.walletConnectDeepLink.chainId',
      'host.walletConnectDeepLink.sessionTopic',
    ])

    const message = 'hello from the host'
    const signature = await signMessage(config, { message })
    expect(
      await verifyMessage({ address: wallet.address, message, signature }),
    ).toBe(true)
    const typedSignature = await signTypedData(config, typedData)
    expect(
      await verifyTypedData({
        address: wallet.address,
        signature: typedSignature,
        ...typedData,
      }),
    ).toBe(true)
    const hash = await sendTransaction(config, {
      to: devAccount(1).address,
      value: parseEther('0.01'),
    })
    const receipt = await waitForTransactionReceipt(config, {
      hash,
      chainId: 1,
    })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())

    await disconnect(config)
    expect(entries(memory)).toEqual([])
    expect(getConnection(config).status).toBe('disconnected')
  })

  it('one proposal approved twice (its URI scanned by two wallets): the page takes the first approval only, holds one session and signs through it; the second never settles here', async () => {
    const { config, connector, wallet } = await setup()
    const second = await startSandboxWallet({ relayUrl: relay.url, rpcUrls })
    stops.push(() => second.stop())
    connector.emitter.on('message', ({ type, data }) => {
      if (type === 'display_uri') void second.pair(data as string)
    })
    const connected = await connect(config, { connector })
    // Both wallets approved the same proposal: each holds a session.
    await expect.poll(() => wallet.sessions().length).toBe(1)
    await expect.poll(() => second.sessions().length).toBe(1)
    const [taken, other] =
      connected.accounts[0] === wallet.address
        ? [wallet, second]
        : [second, wallet]
    expect(connected.accounts).toEqual([taken.address])
    // The page signs through the one it took; the other wallet hears nothing.
    const asked = taken.waitForRequest()
    const signature = await signMessage(config, { message: 'which wallet' })
    expect((await asked).topic).toBe(taken.sessions()[0]!.topic)
    expect(
      await verifyMessage({
        address: taken.address,
        message: 'which wallet',
        signature,
      }),
    ).toBe(true)
    expect(other.received).toEqual([])
    // A disconnect ends the page's session at its wallet; the other's approval
    // never settled here (the SDK refuses a second answer to one proposal).
    await disconnect(config)
    await expect.poll(() => taken.sessions().length).toBe(0)
    expect(other.sessions()).toHaveLength(1)
  })

  it('switches to an approved chain; refuses others and wallet-only sessions with the exact words', async () => {
    const { config, connector } = await setup({ walletChains: [1] })
    await connect(config, { connector })
    await expect(switchChain(config, { chainId: 8453 })).rejects.toMatchObject({
      shortMessage:
        'Network switching is not available at this time. The user should manually switch network in their wallet',
      code: 'network_switching_only_available_in_wallet',
      reason: 'chainNotApproved',
    })
    await disconnect(config)

    const both = await setup()
    await connect(both.config, { connector: both.connector })
    const switched = await switchChain(both.config, { chainId: 8453 })
    expect(switched.id).toBe(8453)
    expect(getConnection(both.config).chainId).toBe(8453)
    await disconnect(both.config)

    const walletOnly = await setup({ switching: 'wallet' })
    await connect(walletOnly.config, { connector: walletOnly.connector })
    await expect(
      switchChain(walletOnly.config, { chainId: 8453 }),
    ).rejects.toMatchObject({
      shortMessage: 'Network switching is only supported through the wallet',
      code: 'network_switching_only_available_in_wallet',
      reason: 'walletOnly',
    })
    await disconnect(walletOnly.config)
  })

  it("remote chainChanged and accountsChanged reach wagmi's state; a wallet disconnect clears the entries", async () => {
    const { config, connector, wallet, memory } = await setup()
    await connect(config, { connector })
    const changed = new Promise((resolve) =>
      config.subscribe((state) => state.chainId, resolve),
    )
    await wallet.emitChainChanged(8453)
    await changed
    expect(getConnection(config).chainId).toBe(8453)

    const other = devAccount(2).address
    const accountsChanged = new Promise((resolve) =>
      config.subscribe((state) => state.connections, resolve),
    )
    await wallet.emitAccountsChanged([other, wallet.address])
    await accountsChanged
    expect(getConnection(config).address).toBe(other)

    const ended = new Promise((resolve) =>
      config.subscribe((state) => state.status, resolve),
    )
    await wallet.disconnect()
    await ended
    expect(getConnection(config).status).toBe('disconnected')
    expect(entries(memory)).toEqual([])
  })

  it("answers accounts and chain from the session and reads over the host's transport: only the session's methods reach the wallet", async () => {
    const { config, connector, wallet } = await setup()
    await connect(config, { connector })
    const provider = (await connector.getProvider()) as {
      request(args: { method: string; params?: unknown[] }): Promise<unknown>
    }
    const seenByWallet = wallet.received.length
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([
      wallet.address,
    ])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x1')
    // The same answers as the chain's own node, through the config's transport
    // (the chain may mine a block meanwhile: the height read lies between the node's).
    const node = http(rpcUrls[1])({ chain: ethereum })
    const heightBefore = BigInt(
      await node.request({ method: 'eth_blockNumber' } as never),
    )
    const height = BigInt(
      (await provider.request({ method: 'eth_blockNumber' })) as string,
    )
    const heightAfter = BigInt(
      await node.request({ method: 'eth_blockNumber' } as never),
    )
    expect(height >= heightBefore && height <= heightAfter).toBe(true)
    const genesis = { method: 'eth_getBlockByNumber', params: ['0x0', false] }
    expect(await provider.request(genesis)).toEqual(
      await node.request(genesis as never),
    )
    expect(
      await provider.request({
        method: 'eth_getBalance',
        params: [wallet.address, 'latest'],
      }),
    ).toBe(
      await node.request({
        method: 'eth_getBalance',
        params: [wallet.address, 'latest'],
      } as never),
    )
    expect(wallet.received).toHaveLength(seenByWallet)
    // A method the session approved goes to the wallet, on the session's chain.
    const asked = wallet.waitForRequest()
    await signMessage(config, { message: 'to the wallet' })
    expect(await asked).toMatchObject({
      method: 'personal_sign',
      chainId: 'eip155:1',
    })
    await disconnect(config)
  })

  it("a wallet's session update that puts another account first reaches wagmi's state", async () => {
    const { config, connector, wallet } = await setup()
    await connect(config, { connector })
    const [session] = wallet.sessions()
    const other = devAccount(3).address
    const eip155 = session!.namespaces.eip155!
    const accountsChanged = new Promise((resolve) =>
      config.subscribe((state) => state.connections, resolve),
    )
    const { acknowledged } = await wallet.client.update({
      topic: session!.topic,
      namespaces: {
        eip155: {
          ...eip155,
          accounts: [`eip155:1:${other}`, ...eip155.accounts],
        },
      },
    })
    await acknowledged()
    await accountsChanged
    expect(getConnection(config).address).toBe(other)
    expect(getConnection(config).addresses).toEqual([other, wallet.address])
    await disconnect(config)
  })

  it('a rejected proposal re-initialises, waits 1000 ms and is a UserRejectedRequestError saying connection_rejected', async () => {
    const { config, connector, wallet, memory } = await setup()
    wallet.proposals = 'reject'
    const started = Date.now()
    const error = await connect(config, { connector }).catch((e: unknown) => e)
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    const rejection = error as UserRejectedRequestError
    expect(rejection.code).toBe(4001)
    expect(rejection.shortMessage).toBe(
      'Connection rejected. Please try again.',
    )
    expect(
      rejection.walk(
        (e) => (e as { code?: unknown }).code === 'connection_rejected',
      ),
    ).toBeInstanceOf(ConnectionRejectedError)
    expect(entries(memory)).toEqual([])
    // The new provider pairs normally.
    wallet.proposals = 'approve'
    const connected = await connect(config, { connector })
    expect(connected.accounts).toEqual([wallet.address])
    await disconnect(config)
  })

  it('asks for the required methods and events and every configured chain', async () => {
    const { config, connector, wallet } = await setup()
    const proposed = new Promise<ProposalTypes.Struct>((resolve) =>
      wallet.client.once('session_proposal', ({ params }) => resolve(params)),
    )
    await connect(config, { connector })
    const proposal = await proposed
    // SDK 2.21.8 sends every namespace as optional (required ones are deprecated).
    expect(proposal.requiredNamespaces).toEqual({})
    const eip155 = proposal.optionalNamespaces.eip155!
    expect(eip155.chains).toEqual(['eip155:1', 'eip155:8453'])
    expect(eip155.methods).toEqual(
      expect.arrayContaining(['eth_sendTransaction', 'personal_sign']),
    )
    expect(eip155.events).toEqual(
      expect.arrayContaining(['chainChanged', 'accountsChanged']),
    )
    await disconnect(config)
  })

  it('refuses a session approved without personal_sign: typed error, session ended, nothing stored', async () => {
    const { config, connector, wallet, memory } = await setup({
      walletMethods: ['eth_sendTransaction', 'eth_signTypedData_v4'],
    })
    const ended = new Promise((resolve) =>
      wallet.client.once('session_delete', resolve),
    )
    const error = await connect(config, { connector }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(IncompleteSessionError)
    expect(error).toMatchObject({
      code: 'incomplete_session',
      missing: { methods: ['personal_sign'], events: [], account: undefined },
    })
    await ended
    expect(wallet.sessions()).toEqual([])
    expect(entries(memory)).toEqual([])
    expect(getConnection(config).status).toBe('disconnected')
    expect(await connector.isAuthorized()).toBe(false)
  })

  it('disconnect while the entries are being written: nothing stays stored, isAuthorized() is false', async () => {
    const gate = createGate()
    const { config, connector, wallet, memory } = await setup({ gate })
    const ended = new Promise((resolve) =>
      wallet.client.once('session_delete', resolve),
    )
    const connecting = connect(config, { connector })
    await gate.entered
    await connector.disconnect()
    expect(entries(memory)).toEqual([])
    // The held writes land after the disconnect cleared the entries.
    gate.release()
    await expect(connecting).rejects.toBeInstanceOf(PairingAbortedError)
    expect(entries(memory)).toEqual([])
    expect(await connector.isAuthorized()).toBe(false)
    await ended
    expect(wallet.sessions()).toEqual([])
  })

  it('disconnect at the moment the wallet approves: nothing is stored, isAuthorized() is false', async () => {
    const { config, connector, wallet, memory } = await setup()
    const provider = (await connector.getProvider()) as {
      on(event: string, listener: () => void): void
    }
    // The SDK's `connect` event: approved, the connector not yet told.
    provider.on('connect', () => void connector.disconnect())
    const ended = new Promise((resolve) =>
      wallet.client.once('session_delete', resolve),
    )
    await expect(connect(config, { connector })).rejects.toBeInstanceOf(
      PairingAbortedError,
    )
    expect(entries(memory)).toEqual([])
    expect(await connector.isAuthorized()).toBe(false)
    await ended
    expect(wallet.sessions()).toEqual([])
  })

  it('prepare() on the server does nothing: no SDK, no socket', async () => {
    const { connector, memory } = await setup({ pairAutomatically: false })
    const before = JSON.stringify(relay.counters)
    const prepare = (connector as unknown as { prepare(): Promise<void> })
      .prepare
    await expect(prepare()).resolves.toBeUndefined()
    expect(JSON.stringify(relay.counters)).toBe(before)
    expect(
      (connector as unknown as { getPairing(): unknown }).getPairing(),
    ).toBeUndefined()
    expect(entries(memory)).toEqual([])
  })

  it('an expired proposal gets a fresh URI by itself, and the wallet pairs the new one', async () => {
    // Only the clock moves: the SDK's own expiry check sees the first proposal as 5 min old.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const { config, connector, wallet, uris } = await setupChoosing(
        (_, index) => {
          if (index === 0) {
            vi.setSystemTime(Date.now() + 301_000)
            return false
          }
          return true
        },
      )
      const connected = await connect(config, { connector })
      expect(uris).toHaveLength(2)
      expect(new Set(uris).size).toBe(2)
      expect(connected.accounts).toEqual([wallet.address])
      await disconnect(config)
    } finally {
      vi.useRealTimers()
    }
  }, 60_000)

  it('disconnecting while the URI waits ends the pairing at once: Pairing aborted', async () => {
    const { config, connector, uris } = await setupChoosing(() => false)
    const connecting = connect(config, { connector })
    while (uris.length === 0)
      await new Promise((resolve) => connector.emitter.once('message', resolve))
    await connector.disconnect()
    await expect(connecting).rejects.toMatchObject({
      shortMessage: 'Pairing aborted',
    })
    expect(await connector.isAuthorized()).toBe(false)
  })
})

describe('walletConnectDeepLink passes EIP-5792 calls to the wallet', () => {
  const chain = createPublicClient({ chain: ethereum, transport: http() })
  const funder = devAccount(6)
  const newAddress = () => privateKeyToAccount(generatePrivateKey()).address

  /** A connected host whose sandbox wallet holds 100 units of a fresh sandbox token. */
  async function connectedWithTokens(options: Parameters<typeof setup>[0]) {
    const host = await setup(options)
    await connect(host.config, { connector: host.connector })
    const token = await tokenHeldBy({
      chain: ethereum,
      funder,
      holder: host.wallet.address,
      amount: 100n,
    })
    const read = {
      balanceOf: (address: Address) =>
        chain.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address],
        }),
      allowance: (spender: Address) =>
        chain.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [host.wallet.address, spender],
        }),
    }
    return { ...host, token, read }
  }

  it('an approve and a transfer in one sendCalls: the wallet runs them atomically, both land in one transaction', async () => {
    const { config, wallet, token, read } = await connectedWithTokens({})
    expect(await getCapabilities(config, { chainId: ethereum.id })).toEqual({
      atomic: { status: 'supported' },
    })
    const [spender, recipient] = [newAddress(), newAddress()]
    const asked = wallet.waitForRequest(
      ({ method }) => method === 'wallet_sendCalls',
    )
    const { id } = await sendCalls(config, {
      calls: [
        tokenCall(token, 'approve', spender, 40n),
        tokenCall(token, 'transfer', recipient, 25n),
      ],
    })
    expect(await asked).toMatchObject({
      chainId: 'eip155:1',
      params: [{ version: '2.0.0', from: wallet.address, chainId: '0x1' }],
    })
    const status = await waitForCallsStatus(config, {
      id,
      pollingInterval: 100,
    })
    expect(status).toMatchObject({
      status: 'success',
      statusCode: 200,
      atomic: true,
      chainId: ethereum.id,
    })
    expect(status.receipts).toHaveLength(1)
    expect(status.receipts![0]!.status).toBe('success')
    expect(await read.allowance(spender)).toBe(40n)
    expect(await read.balanceOf(recipient)).toBe(25n)
    expect(await read.balanceOf(wallet.address)).toBe(75n)
    await disconnect(config)
  })

  it('a batch whose second call reverts fails as a whole: status failure, the first call did not land', async () => {
    const { config, wallet, token, read } = await connectedWithTokens({})
    const spender = newAddress()
    const sent = await chain.getTransactionCount({ address: wallet.address })
    const { id } = await sendCalls(config, {
      calls: [
        tokenCall(token, 'approve', spender, 40n),
        tokenCall(token, 'transfer', newAddress(), 101n),
      ],
    })
    const status = await waitForCallsStatus(config, {
      id,
      pollingInterval: 100,
    })
    expect(status).toMatchObject({ status: 'failure', atomic: true })
    expect(await read.allowance(spender)).toBe(0n)
    expect(await read.balanceOf(wallet.address)).toBe(100n)
    expect(await chain.getTransactionCount({ address: wallet.address })).toBe(
      sent,
    )
    await disconnect(config)
  })

  it("a wallet without EIP-5792: sendCalls' fallback sends each call with eth_sendTransaction, and its status confirms", async () => {
    const { config, wallet } = await connectedWithTokens({
      walletMethods: [
        'eth_sendTransaction',
        'personal_sign',
        'eth_signTypedData_v4',
        'wallet_switchEthereumChain',
      ],
    })
    const [first, second] = [newAddress(), newAddress()]
    const { id } = await sendCalls(config, {
      calls: [
        { to: first, value: 1n },
        { to: second, value: 2n },
      ],
      experimental_fallback: true,
    })
    const status = await waitForCallsStatus(config, {
      id,
      pollingInterval: 100,
    })
    expect(status).toMatchObject({ status: 'success', atomic: false })
    expect(status.receipts).toHaveLength(2)
    expect(wallet.received.map(({ method }) => method)).toEqual([
      'eth_sendTransaction',
      'eth_sendTransaction',
    ])
    expect(await chain.getBalance({ address: first })).toBe(1n)
    expect(await chain.getBalance({ address: second })).toBe(2n)
    await disconnect(config)
  })

  it('on a phone, sendCalls opens the wallet app as a signature does; reading its status does not', async () => {
    const { config, connector, wallet } = await setup()
    await connect(config, { connector })
    const opened: unknown[][] = []
    vi.stubGlobal('navigator', {
      userAgent: phoneDevice('iPhone 13').userAgent,
      maxTouchPoints: 5,
    })
    vi.stubGlobal('window', {
      open: (...link: unknown[]) => void opened.push(link),
    })
    try {
      const { id } = await sendCalls(config, {
        calls: [{ to: newAddress(), value: 1n }],
      })
      const topic = wallet.sessions()[0]!.topic
      expect(opened).toEqual([
        [
          `sandboxwallet://wc?sessionTopic=${topic}`,
          '_self',
          'noreferrer noopener',
        ],
      ])
      await waitForCallsStatus(config, { id, pollingInterval: 100 })
      expect(opened).toHaveLength(1)
    } finally {
      vi.unstubAllGlobals()
    }
    await disconnect(config)
  })
})
