// @vitest-environment happy-dom
import {
  connect,
  createConfig,
  disconnect,
  getCapabilities,
  sendCalls,
  waitForCallsStatus,
} from '@wagmi/core'
import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { sandboxChains } from '../../sandbox/chains.js'
import { devAccount } from '../../sandbox/devAccounts.js'
import {
  installTestWalletHere,
  type TestWalletControls,
} from '../helpers/injectedTestWallet.js'

// A browser wallet in the page (test/helpers/injectedTestWallet.ts, sending
// through the sandbox's anvil), found by injectedWallets(): EIP-5792 goes to
// the wallet as the host's wagmi asks it, and a wallet without it still gets
// the calls through viem's fallback.

const rpcUrls = inject('sandbox').rpcUrls
const [ethereum, base] = sandboxChains(rpcUrls)
const chain = createPublicClient({ chain: ethereum, transport: http() })
// No other integration file sends from dev account 4: its nonces are this file's.
const holder = devAccount(4).address
const newAddress = () => privateKeyToAccount(generatePrivateKey()).address

let wallet: TestWalletControls
// announcedProviders() keeps one list for the page's lifetime: the modules are
// loaded afresh, as a new page's would be, after the wallet is in the page.
let injectedWallets: typeof import('../../src/injected/injectedWallets.js').injectedWallets

beforeAll(async () => {
  wallet = installTestWalletHere({
    address: holder,
    rpcUrls,
    chainId: ethereum.id,
    info: { name: 'Calls Wallet', rdns: 'localhost.sandbox.calls' },
  })
  vi.resetModules()
  ;({ injectedWallets } = await import('../../src/injected/injectedWallets.js'))
})

// The next file in this worker's window must not find this wallet announcing itself.
afterAll(() => wallet.leave())

async function connected() {
  const config = createConfig({
    chains: [ethereum, base],
    connectors: injectedWallets(),
    multiInjectedProviderDiscovery: false,
    storage: null,
    transports: {
      [ethereum.id]: http(rpcUrls[ethereum.id]),
      [base.id]: http(rpcUrls[base.id]),
    },
  })
  const connector = config.connectors.find(
    ({ name }) => name === 'Calls Wallet',
  )!
  await connect(config, { connector })
  return config
}

const asked = (method: string) =>
  wallet.requests.filter((request) => request.method === method)

describe('injectedWallets passes EIP-5792 calls to the browser wallet', () => {
  it("a wallet that answers: wagmi gets its capabilities, its batch id and the batch's status from the chain", async () => {
    wallet.callsError = undefined
    const config = await connected()
    expect(await getCapabilities(config)).toEqual({
      [ethereum.id]: { atomic: { status: 'unsupported' } },
      [base.id]: { atomic: { status: 'unsupported' } },
    })
    const [first, second] = [newAddress(), newAddress()]
    const { id } = await sendCalls(config, {
      calls: [
        { to: first, value: 3n },
        { to: second, value: 4n },
      ],
    })
    expect(asked('wallet_sendCalls').at(-1)!.params).toEqual([
      expect.objectContaining({
        version: '2.0.0',
        from: holder,
        chainId: '0x1',
        calls: [
          expect.objectContaining({ to: first, value: '0x3' }),
          expect.objectContaining({ to: second, value: '0x4' }),
        ],
      }),
    ])
    const status = await waitForCallsStatus(config, {
      id,
      pollingInterval: 100,
    })
    expect(status).toMatchObject({
      id,
      status: 'success',
      statusCode: 200,
      atomic: false,
    })
    expect(status.receipts).toHaveLength(2)
    expect(asked('wallet_getCallsStatus').at(-1)!.params).toEqual([id])
    expect(await chain.getBalance({ address: first })).toBe(3n)
    expect(await chain.getBalance({ address: second })).toBe(4n)
    await disconnect(config)
  })

  it.each([
    {
      code: 4200,
      message: 'This request method is not supported',
    },
    {
      code: -32601,
      message:
        'The method "wallet_sendCalls" does not exist / is not available.',
    },
  ])(
    "a wallet answering $code: sendCalls' fallback sends each call with eth_sendTransaction, and its status confirms",
    async (error) => {
      wallet.callsError = error
      const config = await connected()
      const [callsBefore, sendsBefore] = [
        asked('wallet_sendCalls').length,
        asked('eth_sendTransaction').length,
      ]
      const [first, second] = [newAddress(), newAddress()]
      const { id } = await sendCalls(config, {
        calls: [
          { to: first, value: 5n },
          { to: second, value: 6n },
        ],
        experimental_fallback: true,
      })
      // The wallet's own refusal reached viem, which sent the calls one by one.
      expect(asked('wallet_sendCalls')).toHaveLength(callsBefore + 1)
      expect(asked('eth_sendTransaction').slice(sendsBefore)).toEqual([
        {
          method: 'eth_sendTransaction',
          params: [expect.objectContaining({ to: first, value: '0x5' })],
        },
        {
          method: 'eth_sendTransaction',
          params: [expect.objectContaining({ to: second, value: '0x6' })],
        },
      ])
      const status = await waitForCallsStatus(config, {
        id,
        pollingInterval: 100,
      })
      expect(status).toMatchObject({ status: 'success', atomic: false })
      expect(status.receipts).toHaveLength(2)
      expect(await chain.getBalance({ address: first })).toBe(5n)
      expect(await chain.getBalance({ address: second })).toBe(6n)
      await disconnect(config)
    },
  )
})
