import { createStorage } from '@wagmi/core'
import { http } from 'viem'
import { base, mainnet } from 'viem/chains'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createListeners } from '../core/connector.js'
import { createConnectorStorage } from '../core/storage.js'
import type { SignClientModule } from './signClient.js'
import { storedSessionTopic } from './walletConnectDeepLink.js'
import {
  createSessionEnder,
  createWalletConnectRuntime,
} from './walletConnectRuntime.js'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** The SDK with a session on Base whose wallet never answers a request. */
async function sessionWithSilentWallet() {
  const stored = {
    topic: 'a'.repeat(64),
    namespaces: {
      eip155: {
        accounts: [`eip155:${base.id}:${alice}`],
        methods: ['personal_sign', 'eth_sendTransaction'],
        events: ['chainChanged', 'accountsChanged'],
      },
    },
  }
  const client = {
    session: { getAll: () => [stored] },
    on() {},
    off() {},
    request: () => new Promise(() => undefined),
    disconnect: async () => undefined,
    core: {},
  }
  const sdk = {
    SignClient: { init: async () => client },
  } as unknown as SignClientModule
  // The connector stored this session: a reload takes it up again.
  const storage = createStorage({
    key: 'host',
    storage: {
      getItem: (key) =>
        key === 'host.walletConnectDeepLink.sessionTopic'
          ? JSON.stringify(stored.topic)
          : null,
      setItem: () => undefined,
      removeItem: () => undefined,
    },
  })
  return createWalletConnectRuntime({
    sdk: Promise.resolve(sdk),
    parameters: { projectId: 'p', verify: true, telemetry: false },
    config: {
      chains: [mainnet, base],
      transports: {
        [mainnet.id]: http('http://127.0.0.1:1'),
        [base.id]: http('http://127.0.0.1:1'),
      },
      storage,
      emitter: { emit() {} },
    } as never,
    storage: createConnectorStorage({
      storage,
      key: 'walletConnectDeepLink',
      sessionId: storedSessionTopic,
    }),
    listeners: createListeners(),
  })
}

/** Settles `promise` into a box the test can look at while timers stand still. */
function watch<value>(promise: Promise<value>) {
  const box: { settled: boolean; value?: value } = { settled: false }
  void promise.then((value) => {
    box.settled = true
    box.value = value
  })
  return box
}

afterEach(() => {
  vi.useRealTimers()
})

// wagmi's lookups of accounts and chain are the session's own, answered
// without a round trip to the wallet: a wallet that never answers does not
// hold them up at all, so they need no deadline.
describe('lookups a wallet does not answer', () => {
  it('the chain id is the session chain at once', async () => {
    vi.useFakeTimers()
    const session = await sessionWithSilentWallet()
    const chainId = watch(session.getChainId())
    await vi.advanceTimersByTimeAsync(0)
    expect(chainId).toEqual({ settled: true, value: base.id })
  })

  it('the accounts are the session accounts at once', async () => {
    vi.useFakeTimers()
    const session = await sessionWithSilentWallet()
    const accounts = watch(session.getAccounts())
    await vi.advanceTimersByTimeAsync(0)
    expect(accounts).toEqual({ settled: true, value: [alice] })
  })
})

function provider() {
  let release: () => void = () => undefined
  const state = {
    session: { topic: 'ab' } as { topic: string } | undefined,
    disconnects: 0,
    disconnect() {
      state.disconnects++
      return new Promise<void>((resolve) => {
        release = () => {
          state.session = undefined
          resolve()
        }
      })
    },
    release: () => release(),
  }
  return state
}

describe('createSessionEnder', () => {
  it('ends a session once however often it is asked meanwhile', async () => {
    const { end, endQuietly } = createSessionEnder()
    const wc = provider()
    const first = end(wc)
    const second = endQuietly(wc)
    expect(wc.disconnects).toBe(1)
    wc.release()
    await Promise.all([first, second])
    // Ended: a later call asks the provider again, which has no session to delete.
    await Promise.all([end(wc), Promise.resolve(wc.release())])
    expect(wc.disconnects).toBe(2)
  })

  it('endQuietly swallows what end() reports', async () => {
    const { end, endQuietly } = createSessionEnder()
    const failing = {
      session: { topic: 'cd' },
      disconnect: () => Promise.reject(new Error('relay away')),
    }
    await expect(endQuietly(failing)).resolves.toBeUndefined()
    await expect(end(failing)).rejects.toThrow('relay away')
  })
})
