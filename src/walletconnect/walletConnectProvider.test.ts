import { EventEmitter } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type Chain,
  custom,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
} from 'viem'
import { base, mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { createListeners } from '../core/connector.js'
import { endSessionsOtherThan, type SignClient } from './signClient.js'
import { createSignClientProvider } from './walletConnectProvider.js'

// The sign client's side is the SDK's; the sandbox relay runs it for real in
// test/integration/walletConnectDeepLink.test.ts. Here: the adapter's own
// rules, on a stand-in that records what the adapter asks of it.

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3a010C7D01B3aa0afc10ab4d'
const topic = 'a'.repeat(64)

type Namespaces = Record<
  string,
  { chains?: string[]; accounts: string[]; methods: string[]; events: string[] }
>

const bothChains: Namespaces = {
  eip155: {
    chains: ['eip155:1', 'eip155:8453'],
    accounts: [`eip155:1:${alice}`, `eip155:8453:${bob}`],
    methods: ['personal_sign', 'eth_sendTransaction'],
    events: ['chainChanged', 'accountsChanged'],
  },
}

function fakeClient(sessions: { topic: string; namespaces: Namespaces }[]) {
  const events = new EventEmitter()
  const calls = {
    requests: [] as unknown[],
    disconnects: [] as string[],
  }
  let failDisconnect: Error | undefined
  let failRequest: unknown
  const client = {
    session: { getAll: () => sessions },
    on: (event: string, listener: () => void) => events.on(event, listener),
    off: (event: string, listener: () => void) => events.off(event, listener),
    async request(args: unknown) {
      calls.requests.push(args)
      if (failRequest) throw failRequest
      return '0xsigned'
    },
    async disconnect({ topic }: { topic: string }) {
      calls.disconnects.push(topic)
      if (failDisconnect) throw failDisconnect
    },
    async connect() {
      return { uri: 'wc:proposal', approval: async () => sessions[0] }
    },
  }
  return {
    client: client as unknown as SignClient,
    emit: (event: string, args: unknown) => events.emit(event, args),
    listenerCount: (event: string) => events.listenerCount(event),
    calls,
    failDisconnectWith: (error: Error) => {
      failDisconnect = error
    },
    failRequestWith: (error: unknown) => {
      failRequest = error
    },
  }
}

/** The adapter over `fake`, with what reached the session code and the host's listeners. */
function adapterOver(
  fake: ReturnType<typeof fakeClient>,
  options: {
    storedChainId?: number
    transports?: Record<number, ReturnType<typeof custom>> | undefined
    chains?: readonly Chain[]
  } = {},
) {
  const heard: [string, unknown][] = []
  const hostHeard: [string, unknown][] = []
  const listeners = createListeners()
  for (const event of ['accountsChanged', 'chainChanged', 'disconnect'])
    listeners.on(event, (value) => hostHeard.push([event, value]))
  const provider = createSignClientProvider({
    client: fake.client,
    config: {
      chains: options.chains ?? [mainnet, base],
      transports: 'transports' in options ? options.transports : undefined,
    } as never,
    listeners,
    storedTopic: topic,
    storedChainId: options.storedChainId,
    on: {
      accountsChanged: (accounts) => heard.push(['accountsChanged', accounts]),
      chainChanged: (chainId) => heard.push(['chainChanged', chainId]),
      sessionEnded: () => heard.push(['sessionEnded', undefined]),
    },
  })
  return { provider, heard, hostHeard }
}

describe('the sign-client provider', () => {
  it('takes up the stored session on the stored chain, with the accounts there', async () => {
    const fake = fakeClient([{ topic, namespaces: bothChains }])
    const { provider } = adapterOver(fake, { storedChainId: base.id })
    expect(provider.session?.topic).toBe(topic)
    expect(provider.chainId).toBe(base.id)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([bob])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105')
  })

  it('ends, on load, every session the SDK holds but the stored one', () => {
    const fake = fakeClient([
      { topic: 'b'.repeat(64), namespaces: bothChains },
      { topic, namespaces: bothChains },
    ])
    endSessionsOtherThan(fake.client, topic)
    expect(fake.calls.disconnects).toEqual(['b'.repeat(64)])
  })

  it('a switch to an approved chain whose account differs announces the chain, then the account', async () => {
    const fake = fakeClient([{ topic, namespaces: bothChains }])
    const { provider, heard, hostHeard } = adapterOver(fake)
    expect(provider.accounts).toEqual([alice])
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x2105' }],
    })
    expect(heard).toEqual([
      ['chainChanged', '0x2105'],
      ['accountsChanged', [bob]],
    ])
    expect(hostHeard).toEqual(heard)
    // Approved chains switch here: nothing was asked of the wallet.
    expect(fake.calls.requests).toEqual([])
  })

  it('a switch to a chain the session lacks, from a wallet without wallet_switchEthereumChain, is refused with 4200', async () => {
    const fake = fakeClient([{ topic, namespaces: bothChains }])
    const { provider, heard } = adapterOver(fake)
    const error = await provider
      .request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0xa' }],
      })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnsupportedProviderMethodError)
    expect((error as UnsupportedProviderMethodError).code).toBe(4200)
    expect(provider.chainId).toBe(mainnet.id)
    expect(heard).toEqual([])
  })

  it('a method the wallet did not approve is refused with 4200, never sent', async () => {
    const fake = fakeClient([{ topic, namespaces: bothChains }])
    const { provider } = adapterOver(fake)
    const error = await provider
      .requestFromWallet({ method: 'eth_signTypedData_v4' }, 'eip155:1')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnsupportedProviderMethodError)
    expect(fake.calls.requests).toEqual([])
  })

  it('a wallet_* method the session lacks (EIP-5792) is refused with 4200 in words viem falls back on, and never asked of the chain node', async () => {
    const fake = fakeClient([{ topic, namespaces: bothChains }])
    const asked: string[] = []
    const node = custom({
      async request({ method }) {
        asked.push(method)
        return {}
      },
    })
    const { provider } = adapterOver(fake, {
      transports: { [mainnet.id]: node, [base.id]: node },
    })
    const error = await provider
      .request({ method: 'wallet_getCapabilities', params: [alice] })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnsupportedProviderMethodError)
    expect((error as UnsupportedProviderMethodError).details).toMatch(
      /^Missing or invalid\. request\(\) method: wallet_getCapabilities\./,
    )
    expect(asked).toEqual([])
    expect(fake.calls.requests).toEqual([])
  })

  it("a wallet's refusal in WalletConnect's words (USER_REJECTED, 5000) is viem's UserRejectedRequestError (4001); other errors pass as they came", async () => {
    const fake = fakeClient([{ topic, namespaces: bothChains }])
    const { provider } = adapterOver(fake)
    const sign = () =>
      provider
        .request({ method: 'personal_sign', params: ['0x68690a', alice] })
        .catch((e: unknown) => e)
    fake.failRequestWith({ code: 5000, message: 'User rejected.' })
    const rejected = await sign()
    expect(rejected).toBeInstanceOf(UserRejectedRequestError)
    expect((rejected as UserRejectedRequestError).code).toBe(4001)
    expect((rejected as UserRejectedRequestError).details).toBe(
      'User rejected.',
    )
    const other = { code: -32000, message: 'execution reverted' }
    fake.failRequestWith(other)
    expect(await sign()).toBe(other)
  })

  it('a session update that drops the current chain moves to an approved one instead of emptying the accounts', () => {
    const fake = fakeClient([{ topic, namespaces: bothChains }])
    const { provider, heard } = adapterOver(fake)
    fake.emit('session_update', {
      topic,
      params: {
        namespaces: {
          eip155: {
            ...bothChains.eip155,
            chains: ['eip155:8453'],
            accounts: [`eip155:8453:${bob}`],
          },
        },
      },
    })
    expect(provider.chainId).toBe(base.id)
    expect(heard).toEqual([
      ['chainChanged', '0x2105'],
      ['accountsChanged', [bob]],
    ])
  })

  it('the wallet deleting the session tells the session code once and the host as a disconnect', () => {
    const fake = fakeClient([{ topic, namespaces: bothChains }])
    const { provider, heard, hostHeard } = adapterOver(fake)
    fake.emit('session_delete', { topic: 'c'.repeat(64) })
    expect(heard).toEqual([])
    fake.emit('session_delete', { topic })
    expect(provider.session).toBeUndefined()
    expect(heard).toEqual([['sessionEnded', undefined]])
    expect(hostHeard.map(([event]) => event)).toEqual(['disconnect'])
  })

  it('a disconnect the relay could not take ends the session on this side at once; the SDK keeps its record, for the next pairing to end', async () => {
    const fake = fakeClient([{ topic, namespaces: bothChains }])
    const { provider } = adapterOver(fake)
    fake.failDisconnectWith(new Error('No internet connection detected'))
    await expect(provider.disconnect()).rejects.toThrow(/No internet/)
    expect(provider.session).toBeUndefined()
    expect(provider.accounts).toEqual([])
    expect(fake.client.session.getAll().map((s) => s.topic)).toEqual([topic])
  })

  it('a disconnect of a session the SDK no longer has succeeds', async () => {
    const fake = fakeClient([{ topic, namespaces: bothChains }])
    const { provider } = adapterOver(fake)
    fake.failDisconnectWith(new Error(`No matching key. session: ${topic}`))
    await provider.disconnect()
    expect(provider.session).toBeUndefined()
  })

  it('reads go over one transport per chain: the config’s, else the chain’s own RPC URL, else a typed error', async () => {
    const fake = fakeClient([{ topic, namespaces: bothChains }])
    let made = 0
    const asked: string[] = []
    const counting = custom({
      async request({ method }) {
        asked.push(method)
        return '0x10'
      },
    })
    const transport = ((parameters: never) => {
      made++
      return counting(parameters)
    }) as typeof counting
    const { provider } = adapterOver(fake, {
      transports: { [mainnet.id]: transport, [base.id]: transport },
    })
    expect(await provider.request({ method: 'eth_blockNumber' })).toBe('0x10')
    expect(await provider.request({ method: 'eth_gasPrice' })).toBe('0x10')
    expect(asked).toEqual(['eth_blockNumber', 'eth_gasPrice'])
    expect(made).toBe(1)
    expect(fake.calls.requests).toEqual([])

    // A config made with `client` has no transports: the chain's RPC URL is used…
    const node = createServer((_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
      })
      response.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x20' }))
    })
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(node.address() as AddressInfo).port}/`
    try {
      const { provider: overChainUrl } = adapterOver(
        fakeClient([{ topic, namespaces: bothChains }]),
        {
          transports: undefined,
          chains: [{ ...mainnet, rpcUrls: { default: { http: [url] } } }],
        },
      )
      expect(await overChainUrl.request({ method: 'eth_blockNumber' })).toBe(
        '0x20',
      )
    } finally {
      node.close()
    }
    // …and without one either, the read fails naming the missing transport.
    const { provider: nowhere } = adapterOver(
      fakeClient([{ topic, namespaces: bothChains }]),
      {
        transports: undefined,
        chains: [{ ...mainnet, rpcUrls: { default: { http: [] } } }],
      },
    )
    await expect(
      nowhere.request({ method: 'eth_blockNumber' }),
    ).rejects.toMatchObject({
      name: 'PublicClientNotFoundError',
      code: 'public_client_not_found',
    })
  })

  it('a closed handle tells nobody anything, and leaves the SDK’s listeners', async () => {
    const fake = fakeClient([{ topic, namespaces: bothChains }])
    const { provider, heard, hostHeard } = adapterOver(fake)
    provider.close()
    expect(fake.listenerCount('session_event')).toBe(0)
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x2105' }],
    })
    expect(heard).toEqual([])
    expect(hostHeard).toEqual([])
  })
})
